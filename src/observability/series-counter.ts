// A prom-client Counter for counts taken on every request or message (docs/metrics.md): each label
// set is bound once to a series that counts by plain addition, and the counter reads the series
// when the metrics are read. prom-client's own `inc` validates the labels, builds their hash and
// looks the series up on every call, about half a microsecond each, several times a request
// (docs/benchmarks-log.md#metrics-counted-by-addition-2026-12-07).
import { Counter, type LabelValues, type Registry } from 'prom-client';

/** One label set of a SeriesCounter; `value` only grows. */
export class CountedSeries<L extends string> {
  value = 0;
  readonly labels: LabelValues<L>;

  constructor(labels: LabelValues<L>) {
    this.labels = labels;
  }

  inc(amount = 1): void {
    this.value += amount;
  }
}

export interface SeriesCounterConfig<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
  readonly registry: Registry;
}

export class SeriesCounter<L extends string> {
  readonly #series: CountedSeries<L>[] = [];

  constructor(config: SeriesCounterConfig<L>) {
    const series = this.#series;
    new Counter<L>({
      name: config.name,
      help: config.help,
      labelNames: config.labelNames,
      registers: [config.registry],
      collect() {
        this.reset();
        // An increment of 0 still makes the series, so a rate over it is defined from the start.
        for (const each of series) this.inc(each.labels, each.value);
      },
    });
  }

  /** The series of `labels`, counted from 0 and shown from now on; bind it once and keep it. */
  series(labels: LabelValues<L>): CountedSeries<L> {
    const bound = new CountedSeries<L>(labels);
    this.#series.push(bound);
    return bound;
  }
}
