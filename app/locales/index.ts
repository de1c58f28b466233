// Every user-facing string. Each area keeps its own file per language (common.json, catalog.json, ...);
// the files of one language are merged into the single "common" namespace, so keys must not collide
// (each file holds its own top-level keys).
const files = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });

function build(lng: "en" | "ar"): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    if (!path.startsWith(`./${lng}/`)) continue;
    for (const [key, value] of Object.entries(content)) {
      if (key in merged) throw new Error(`Duplicate top-level locale key "${key}" in ${path}`);
      merged[key] = value;
    }
  }
  return merged;
}

export const resources = {
  en: { common: build("en") },
  ar: { common: build("ar") },
};
