// The one check of an operation's cost for every way the business API runs one
// (docs/api-limits.md): POST /graphql on the fast lane and on the Koa route (graphql-answer.ts),
// and graphql-ws subscriptions. Given a parsed, validated document, it measures the operation
// (operation-cost.ts), refuses it over the per-request maximum or a field's selection cap
// (QUERY_TOO_COSTLY), spends its cost from the caller's per-minute budget (RATE_LIMITED past it)
// and returns the cost; nothing has run yet when it throws.
import { type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, getOperationAST } from 'graphql';
import { type CostBudget, type CostCaller } from './cost-budget.ts';
import { costRefusal } from './cost-refusal.ts';
import { type RootFieldWeights, metaFieldWeights, rootWeightsOf } from './field-weights.ts';
import { type OperationCost, operationCost } from './operation-cost.ts';

export type { CostCaller } from './cost-budget.ts';

/** An operation as a transport has it once the document parsed and validated. */
export interface CostedOperation {
  readonly document: DocumentNode;
  readonly operationName?: string | null | undefined;
  readonly variables?: Readonly<Record<string, unknown>> | null | undefined;
}

/** Resolves to the operation's cost, or throws an AppError: QUERY_TOO_COSTLY (400) or RATE_LIMITED (429). */
export type OperationCostGuard = (operation: CostedOperation, caller: CostCaller) => Promise<number>;

export interface OperationCostGuardOptions {
  schema: GraphQLSchema;
  weights: RootFieldWeights;
  /** GRAPHQL_MAX_COST: the most points one operation may cost; 0: no maximum. */
  maxCost: number;
  /** The per-minute budget (cost-budget.ts); null when GRAPHQL_COST_RATE_LIMIT is 0. */
  budget: CostBudget | null;
}

export function createOperationCostGuard(options: OperationCostGuardOptions): OperationCostGuard {
  const { schema, weights, maxCost, budget } = options;
  const measure = memoizedCost(schema, weights);
  return async (request, caller) => {
    const operation = getOperationAST(request.document, request.operationName ?? undefined);
    if (!operation) return 0; // execution refuses it before any resolver runs
    const measured = measure(request.document, operation, request.variables);
    const rootWeights = rootWeightsOf(weights, operation.operation);
    const refusal = costRefusal(measured, maxCost, (field) => rootWeights[field] ?? metaFieldWeights[field]);
    if (refusal) throw refusal;
    if (budget) await budget(caller, measured.cost);
    return measured.cost;
  };
}

/**
 * Costs of operations without variables, kept with their cached document (document-cache.ts):
 * the same text costs the same each time, and `{ ping }` is measured once, not per request.
 */
function memoizedCost(schema: GraphQLSchema, weights: RootFieldWeights) {
  const costs = new WeakMap<OperationDefinitionNode, OperationCost>();
  return (
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: CostedOperation['variables'],
  ): OperationCost => {
    const fixed = (operation.variableDefinitions ?? []).length === 0;
    const known = fixed ? costs.get(operation) : undefined;
    if (known) return known;
    const measured = operationCost(schema, weights, document, operation, variables);
    if (fixed) costs.set(operation, measured);
    return measured;
  };
}
