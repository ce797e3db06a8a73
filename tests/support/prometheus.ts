/** One sample of Prometheus' text format: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const unescapeLabel = (value: string) => value.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));

/**
 * Reads Prometheus' text exposition format (version 0.0.4): comments skipped, every other line
 * must be a sample, so a malformed line fails the test rather than vanishing.
 */
export const parsePrometheusText = (text: string): { samples: Sample[]; types: Map<string, string> } => {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) types.set(type[1], type[2]);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key] = unescapeLabel(value);
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return { samples, types };
};

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined => {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
};
