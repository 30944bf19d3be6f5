// State while one operation is planned: variable access, fragments, and the limits on how
// much one request may ask for (checked while fragments are expanded, so a small document
// cannot expand into a huge plan).
import type { FragmentDefinitionNode } from 'graphql';
import { DataLayerError } from '../data-layer-error.ts';
import type { InputContext } from './input-values.ts';

export interface RequestLimits {
  /** Nesting of selections: a root field is depth 1. */
  readonly maxDepth: number;
  /** Fields in the whole operation after fragments are expanded (aliases count). */
  readonly maxFields: number;
  readonly maxRootFields: number;
}

export const defaultRequestLimits: RequestLimits = { maxDepth: 10, maxFields: 1_000, maxRootFields: 50 };

export interface PlanContext extends InputContext {
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly limits: RequestLimits;
  countFields(count: number, path: string): void;
}

export function createPlanContext(
  input: InputContext,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  limits: RequestLimits,
): PlanContext {
  let fields = 0;
  return {
    ...input,
    fragments,
    limits,
    countFields(count, path) {
      fields += count;
      if (fields > limits.maxFields) {
        throw new DataLayerError(
          'VALIDATION_FAILED',
          `the query selects more than ${limits.maxFields} fields (fragments expanded); split it`,
          path,
        );
      }
    },
  };
}
