/**
 * A small metrics registry written out in the Prometheus text exposition format (version 0.0.4):
 * counters, gauges and histograms with labels. Values live in this process only; a scrape reads
 * them all at once.
 */

export type Labels = Record<string, string>;

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "gauge" | "histogram";
  /** The metric's sample lines, without HELP and TYPE. */
  samples(): string[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** The value as the format writes it: +Inf, -Inf and NaN by name. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}

/** A label value inside its double quotes: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** HELP text: backslash and line feed escaped. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(",")}}` : "";
}

/** One series per distinct set of label values, keyed by them in the declared order. */
class Series<T> {
  readonly values = new Map<string, { labels: Labels; value: T }>();
  private readonly metric: string;
  private readonly labelNames: readonly string[];
  constructor(metric: string, labelNames: readonly string[]) {
    this.metric = metric;
    this.labelNames = labelNames;
    for (const label of labelNames)
      if (!LABEL_NAME.test(label) || label === "le") throw new Error(`${metric}: invalid label name "${label}"`);
  }

  get(labels: Labels, initial: () => T): { labels: Labels; value: T } {
    const ordered: Labels = {};
    for (const name of this.labelNames) {
      const value = labels[name];
      if (value === undefined) throw new Error(`${this.metric}: label "${name}" missing`);
      ordered[name] = String(value);
    }
    if (Object.keys(labels).length !== this.labelNames.length)
      throw new Error(`${this.metric}: unknown label in ${Object.keys(labels).join(", ")}`);
    const key = JSON.stringify(Object.values(ordered));
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels: ordered, value: initial() };
      this.values.set(key, entry);
    }
    return entry;
  }
}

/** A metric whose series each hold one number: what counters and gauges share. */
abstract class NumberMetric implements Metric {
  abstract readonly type: "counter" | "gauge";
  protected readonly series: Series<number>;
  readonly name: string;
  readonly help: string;
  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    this.name = name;
    this.help = help;
    this.series = new Series(name, labelNames);
    if (labelNames.length === 0) this.series.get({}, () => 0);
  }

  protected entry(labels: Labels): { value: number } {
    return this.series.get(labels, () => 0);
  }

  value(labels: Labels = {}): number {
    return this.entry(labels).value;
  }

  samples(): string[] {
    return [...this.series.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${formatValue(value)}`);
  }
}

export class Counter extends NumberMetric {
  readonly type = "counter";

  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0) || !Number.isFinite(by)) throw new Error(`${this.name}: a counter only goes up (got ${by})`);
    this.entry(labels).value += by;
  }

  /** Makes a series appear (at 0) before its first increment, so rates start from a known point. */
  touch(labels: Labels): void {
    this.entry(labels);
  }
}

export class Gauge extends NumberMetric {
  readonly type = "gauge";

  set(labels: Labels, value: number): void {
    this.entry(labels).value = value;
  }

  inc(labels: Labels = {}, by = 1): void {
    this.entry(labels).value += by;
  }

  dec(labels: Labels = {}, by = 1): void {
    this.entry(labels).value -= by;
  }

  /** Forgets every series (a gauge read afresh from a source at each scrape). */
  reset(): void {
    this.series.values.clear();
  }
}

interface HistogramState {
  /** Observations at or below each bound (not cumulative; summed when written). */
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram implements Metric {
  readonly type = "histogram";
  private readonly series: Series<HistogramState>;
  readonly buckets: readonly number[];
  readonly name: string;
  readonly help: string;
  constructor(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]) {
    this.name = name;
    this.help = help;
    this.series = new Series(name, labelNames);
    const sorted = [...new Set(buckets.filter((b) => Number.isFinite(b)))].sort((a, b) => a - b);
    if (sorted.length === 0) throw new Error(`${name}: a histogram needs at least one finite bucket`);
    this.buckets = sorted;
  }

  observe(labels: Labels, value: number): void {
    if (!Number.isFinite(value)) return;
    const state = this.series.get(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 })).value;
    const index = this.buckets.findIndex((bound) => value <= bound);
    if (index >= 0) state.counts[index]!++;
    state.sum += value;
    state.count++;
  }

  /** Observations so far for these labels. */
  count(labels: Labels): number {
    return this.series.get(labels, () => ({ counts: this.buckets.map(() => 0), sum: 0, count: 0 })).value.count;
  }

  samples(): string[] {
    const lines: string[] = [];
    for (const { labels, value } of this.series.values.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += value.counts[i]!;
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: formatValue(bound) })} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: "+Inf" })} ${value.count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${formatValue(value.sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${value.count}`);
    }
    return lines;
  }
}

export class Registry {
  private readonly metrics = new Map<string, Metric>();

  register<M extends Metric>(metric: M): M {
    if (!NAME.test(metric.name)) throw new Error(`invalid metric name "${metric.name}"`);
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  /** Every metric in the text format, one HELP and TYPE line each, ending with a line feed. */
  render(): string {
    const out: string[] = [];
    for (const metric of this.metrics.values()) {
      out.push(`# HELP ${metric.name} ${escapeHelp(metric.help)}`, `# TYPE ${metric.name} ${metric.type}`, ...metric.samples());
    }
    return `${out.join("\n")}\n`;
  }
}

/** The content type of the text format. */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
