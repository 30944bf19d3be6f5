// A histogram for a figure taken on every request (docs/metrics.md#requests): each label set is
// bound once to a series whose buckets are counted in an array, and the registry reads the series
// as prom-client reads its own Histogram, in the same exposition and the same JSON (which the fan-out
// workers' metrics are summed through). prom-client's `observe` validates the labels, builds their
// hash, looks the series up and finds the bucket by a string-keyed object on every call
// (docs/benchmarks-log.md#metrics-counted-by-addition-2026-12-07).
import type { LabelValues, MetricValueWithName, Registry } from 'prom-client';

/** One label set of a SeriesHistogram. */
export class HistogramSeries<L extends string> {
  readonly labels: LabelValues<L>;
  /** Observations per bucket, not cumulative; the last counts those above every bound. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  readonly #bounds: readonly number[];

  constructor(labels: LabelValues<L>, bounds: readonly number[]) {
    this.labels = labels;
    this.#bounds = bounds;
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.#bounds;
    let index = 0;
    while (index < bounds.length && value > bounds[index]!) index++;
    this.counts[index]! += 1;
    this.sum += value;
    this.count += 1;
  }
}

export interface SeriesHistogramConfig {
  readonly name: string;
  readonly help: string;
  /** Upper bounds, ascending. */
  readonly buckets: readonly number[];
  readonly registry: Registry;
}

type Value = MetricValueWithName<string> & { exemplar: null | undefined; sharedLabels?: LabelValues<string> };

/** What a registry reads of a metric: prom-client's MetricObjectWithValues as its code has it (its typings give `type` as an enum). */
interface MetricJson<V> {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: V[];
}

export class SeriesHistogram<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  readonly #bounds: readonly number[];
  readonly #series: HistogramSeries<L>[] = [];

  constructor(config: SeriesHistogramConfig) {
    if (config.buckets.some((bound, index) => index > 0 && bound <= config.buckets[index - 1]!))
      throw new RangeError(`${config.name}: bucket bounds must ascend`);
    this.name = config.name;
    this.help = config.help;
    this.#bounds = [...config.buckets];
    config.registry.registerMetric(this as never);
  }

  /** The series of `labels`, empty and shown from now on; bind it once and keep it. */
  series(labels: LabelValues<L>): HistogramSeries<L> {
    const bound = new HistogramSeries<L>(labels, this.#bounds);
    this.#series.push(bound);
    return bound;
  }

  /** As prom-client's Histogram#get: every label on each value. */
  async get(): Promise<MetricJson<MetricValueWithName<string>>> {
    const values = this.#values().map(({ sharedLabels, ...value }) => ({
      ...value,
      labels: { ...value.labels, ...sharedLabels },
    }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** As prom-client's Histogram#getForPromString: `le` before the series' labels in the text. */
  async getForPromString(): Promise<MetricJson<Value>> {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.#values(),
    };
  }

  /** The registry's resetMetrics: every series back to empty. */
  reset(): void {
    for (const series of this.#series) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }

  #values(): Value[] {
    const bucket = `${this.name}_bucket`;
    return this.#series.flatMap((series) => {
      const sharedLabels = series.labels as LabelValues<string>;
      let below = 0;
      const buckets: Value[] = this.#bounds.map((le, index) => {
        below += series.counts[index]!;
        return { labels: { le }, value: below, metricName: bucket, exemplar: null, sharedLabels };
      });
      // The members prom-client's values have, exemplars none, so both read alike everywhere.
      return [
        ...buckets,
        { labels: { le: '+Inf' }, value: series.count, metricName: bucket, exemplar: null, sharedLabels },
        { labels: {}, value: series.sum, metricName: `${this.name}_sum`, exemplar: undefined, sharedLabels },
        { labels: {}, value: series.count, metricName: `${this.name}_count`, exemplar: undefined, sharedLabels },
      ];
    });
  }
}
