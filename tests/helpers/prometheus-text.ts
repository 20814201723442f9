/** One sample line of the Prometheus text exposition format: `name{label="value",...} number`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** `# TYPE` lines: family name -> counter, gauge, histogram, ... */
  types: Map<string, string>;
  /** The sample's value (0 when that series does not exist): `labels` must all match, others may be anything. */
  value(name: string, labels?: Record<string, string>): number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g;
const unescapeLabel = (text: string) => text.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));

/**
 * A minimal reader of the text format, enough for the tests (prom-client has no parser, and the
 * npm one, parse-prometheus-text-format, merges a histogram's labelled series into one).
 * Throws on a line it cannot read, so a malformed exposition fails the test.
 */
export function parsePrometheusText(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ")) continue;
    if (line.startsWith("# TYPE ")) {
      const [name, type] = line.slice(7).split(" ");
      if (name && type) types.set(name, type);
      continue;
    }
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL))
      labels[key as string] = unescapeLabel(value as string);
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return {
    samples,
    types,
    value(name, wanted = {}) {
      const found = samples.find(
        (s) => s.name === name && Object.entries(wanted).every(([key, value]) => s.labels[key] === value),
      );
      return found?.value ?? 0;
    },
  };
}
