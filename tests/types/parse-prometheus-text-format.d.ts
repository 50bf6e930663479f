/** The exposition-format parser the metrics tests read /metrics with (the package ships no types). */
declare module "parse-prometheus-text-format" {
  type TSample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string };
  export default function parsePrometheusTextFormat(text: string): Array<{ name: string; help: string; type: string; metrics: TSample[] }>;
}
