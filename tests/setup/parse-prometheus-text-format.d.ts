// The registry package ships no types: what tests/setup/prometheus.ts reads of its output.
declare module "parse-prometheus-text-format" {
  interface ParsedSample {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms: cumulative counts by upper bound ("0.005", …, "+Inf"). */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface ParsedFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
