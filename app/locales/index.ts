import arCommon from "./ar/common.json";
import enCommon from "./en/common.json";

export const resources = {
  en: { common: enCommon },
  ar: { common: arCommon },
} as const;
