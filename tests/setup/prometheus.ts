// Reading a /metrics answer in tests (issue 33 item 5): the text is parsed by a Prometheus text-format parser
// from the registry (parse-prometheus-text-format), not by our own code, so a malformed exposition fails.
//
// One limit of that parser: it folds every label set of a histogram into one sample (buckets of the last
// set, no labels, no count). So each label set of a histogram is handed to it as an exposition of its own,
// and its labels are read by the parser too, from a one-line gauge carrying them.
import parsePrometheusTextFormat from "parse-prometheus-text-format";

export interface Sample {
  labels: Record<string, string>;
  value: number;
  /** Histograms: cumulative counts by upper bound ("0.005", …, "+Inf"). */
  buckets?: Record<string, number>;
  count?: number;
}

export interface Family {
  name: string;
  type: string;
  samples: Sample[];
}

const HISTOGRAM_LINE = /^(\S+?)_(bucket|sum|count)\{(.*)\} (\S+)$/;

/** The label set of a histogram line without its `le`, as the text says it. */
function withoutLe(labels: string): string {
  return labels.replace(/(?:^|,)le="[^"]*"/, "").replace(/^,/, "");
}

/** One histogram's lines, by label set (the text between braces, without `le`). */
function histogramGroups(text: string, name: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const match = HISTOGRAM_LINE.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = withoutLe(match[3]!);
    const le = /(?:^|,)le="([^"]*)"/.exec(match[3]!)?.[1];
    const bare = `${name}_${match[2]}${le === undefined ? "" : `{le="${le}"}`} ${match[4]}`;
    groups.set(labels, [...(groups.get(labels) ?? []), bare]);
  }
  return groups;
}

function histogramSamples(text: string, name: string): Sample[] {
  return [...histogramGroups(text, name)].map(([labelText, lines]) => {
    const [family] = parsePrometheusTextFormat(`# TYPE ${name} histogram\n${lines.join("\n")}\n`);
    const [sample] = family?.metrics ?? [];
    const labels = labelText ? (parsePrometheusTextFormat(`labels{${labelText}} 0\n`)[0]?.metrics[0]?.labels ?? {}) : {};
    return {
      labels,
      value: Number(sample?.count ?? Number.NaN),
      buckets: Object.fromEntries(Object.entries(sample?.buckets ?? {}).map(([le, n]) => [le, Number(n)])),
      count: Number(sample?.count ?? Number.NaN),
    };
  });
}

/** The families of an exposition by name. Throws on text the parser refuses. */
export function parseMetrics(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  for (const family of parsePrometheusTextFormat(text)) {
    const samples =
      family.type === "HISTOGRAM"
        ? histogramSamples(text, family.name)
        : family.metrics.map((m) => ({ labels: m.labels ?? {}, value: Number(m.value ?? Number.NaN) }));
    families.set(family.name, { name: family.name, type: family.type, samples });
  }
  return families;
}

/** The samples of `name` whose labels include `labels` (all of them when none are given). */
export function samplesOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): Sample[] {
  const family = families.get(name);
  if (!family) throw new Error(`no metric ${name} in the exposition (${[...families.keys()].filter((n) => n.startsWith("academy_")).join(", ")})`);
  return family.samples.filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the values of `name` with these labels; 0 when the family has no such sample. */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(families, name, labels).reduce((sum, s) => sum + s.value, 0);
}
