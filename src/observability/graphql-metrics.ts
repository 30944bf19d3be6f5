// Business GraphQL operations on /graphql by root field and outcome (docs/metrics.md#graphql).
// The caller bounds the label: a root field of schema.graphql, else `other`.
import { Counter, type Registry } from 'prom-client';

export type GraphqlOutcome = 'ok' | 'error';

export function createGraphqlMetrics(registry: Registry): (operation: string, outcome: GraphqlOutcome) => void {
  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'Business GraphQL operations by root field (or other) and outcome',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  return (operation, outcome) => operations.inc({ operation, outcome });
}
