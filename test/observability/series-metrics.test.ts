// The series-bound metrics (src/observability/series-histogram.ts, series-counter.ts) read exactly
// as prom-client's own Histogram and Counter given the same observations: the same exposition text,
// the same JSON, and the same sums when two processes' registries are aggregated (as the fan-out
// workers' are). prom-client itself is the oracle.
import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SeriesCounter } from '../../src/observability/series-counter.ts';
import { SeriesHistogram } from '../../src/observability/series-histogram.ts';
import { seededRandom } from '../../src/providers/simulated-market/seeded-random.ts';

const buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const labelNames = ['server', 'route'] as const;
const labelSets = [
  { server: 'api', route: '/graphql' },
  { server: 'data', route: '/v1/graphql' },
  { server: 'api', route: 'unmatched' },
];

/** Values on, between and beyond the bounds. */
function observations(seed: number): { set: number; value: number }[] {
  const random = seededRandom(seed);
  const values = [...buckets, 0, 20, 1e-9, ...Array.from({ length: 200 }, () => random() ** 3 * 12)];
  return values.map((value) => ({ set: Math.floor(random() * labelSets.length), value }));
}

function histograms(seed: number): { ours: Registry; theirs: Registry } {
  const ours = new Registry();
  const theirs = new Registry();
  const name = 'request_seconds';
  const help = 'latency';
  const series = new SeriesHistogram<(typeof labelNames)[number]>({ name, help, buckets, registry: ours });
  // Bound at a label set's first observation, as the service binds them: prom-client lists its
  // series in the order they were first observed.
  const bound = new Map<number, ReturnType<typeof series.series>>();
  const reference = new Histogram({ name, help, labelNames, buckets, registers: [theirs] });
  for (const { set, value } of observations(seed)) {
    if (!bound.has(set)) bound.set(set, series.series(labelSets[set]!));
    bound.get(set)!.observe(value);
    reference.observe(labelSets[set]!, value);
  }
  return { ours, theirs };
}

test('a series histogram reads as prom-client Histogram: text and JSON', async () => {
  const { ours, theirs } = histograms(7);
  assert.is(await ours.metrics(), await theirs.metrics());
  assert.equal(await ours.getMetricsAsJSON(), await theirs.getMetricsAsJSON());
});

test('two processes of series histograms aggregate as prom-client Histograms do', async () => {
  const first = histograms(1);
  const second = histograms(2);
  const ours = AggregatorRegistry.aggregate([
    await first.ours.getMetricsAsJSON(),
    await second.ours.getMetricsAsJSON(),
  ]);
  const theirs = AggregatorRegistry.aggregate([
    await first.theirs.getMetricsAsJSON(),
    await second.theirs.getMetricsAsJSON(),
  ]);
  assert.is(await ours.metrics(), await theirs.metrics());
});

test('resetMetrics empties a series histogram as it empties a Histogram', async () => {
  const { ours, theirs } = histograms(3);
  ours.resetMetrics();
  theirs.resetMetrics();
  // prom-client forgets a reset Histogram's series; ours keeps its bound series at zero.
  const text = await ours.metrics();
  assert.match(text, /request_seconds_count\{server="api",route="\/graphql"\} 0/);
  assert.not.match(text, /request_seconds_count\{[^}]*\} [1-9]/);
});

test('a series histogram refuses bounds that do not ascend', () => {
  assert.throws(
    () => new SeriesHistogram({ name: 'h', help: 'h', buckets: [1, 1], registry: new Registry() }),
    /bucket bounds must ascend/,
  );
});

test('a series counter reads as prom-client Counter, its series shown from binding', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const counter = new SeriesCounter({ name: 'hits_total', help: 'hits', labelNames: ['cache'], registry: ours });
  const reference = new Counter({ name: 'hits_total', help: 'hits', labelNames: ['cache'], registers: [theirs] });
  const documents = counter.series({ cache: 'documents' });
  const keys = counter.series({ cache: 'api-keys' });
  reference.inc({ cache: 'documents' }, 0);
  reference.inc({ cache: 'api-keys' }, 0);
  assert.is(await ours.metrics(), await theirs.metrics());
  for (let index = 0; index < 5; index++) documents.inc();
  keys.inc(2.5);
  reference.inc({ cache: 'documents' }, 5);
  reference.inc({ cache: 'api-keys' }, 2.5);
  assert.is(await ours.metrics(), await theirs.metrics());
  assert.equal(await ours.getMetricsAsJSON(), await theirs.getMetricsAsJSON());
  // Read twice, the counts are not added twice.
  assert.is(await ours.metrics(), await theirs.metrics());
});

test.run();
