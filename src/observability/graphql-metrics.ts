// Business GraphQL operations on /graphql by root field and outcome (docs/metrics.md#graphql).
// The caller bounds the label: a root field of schema.graphql, else `other`. Counted by addition
// on series bound at an operation's first answer (series-counter.ts).
import type { Registry } from 'prom-client';
import { type CountedSeries, SeriesCounter } from './series-counter.ts';

export type GraphqlOutcome = 'ok' | 'error';

type OperationLabel = 'operation' | 'outcome';

export function createGraphqlMetrics(registry: Registry): (operation: string, outcome: GraphqlOutcome) => void {
  const operations = new SeriesCounter<OperationLabel>({
    name: 'graphql_operations_total',
    help: 'Business GraphQL operations by root field (or other) and outcome',
    labelNames: ['operation', 'outcome'],
    registry,
  });
  const bound = new Map<string, Partial<Record<GraphqlOutcome, CountedSeries<OperationLabel>>>>();
  return (operation, outcome) => {
    let outcomes = bound.get(operation);
    if (!outcomes) bound.set(operation, (outcomes = {}));
    (outcomes[outcome] ??= operations.series({ operation, outcome })).inc();
  };
}
