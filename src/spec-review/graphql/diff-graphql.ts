// schema.graphql at two versions (docs/spec-diff.md#graphql-rules), compared by
// @graphql-inspector/core's `diff` with its criticality levels (BREAKING, DANGEROUS,
// NON_BREAKING → breaking, dangerous, safe). Descriptions are words for people, not API: the
// library's ignoreDescriptionChanges rule drops their changes, and the description a new type or
// field comes with is dropped too, as the OpenAPI rules ignore descriptions. The kind is the
// library's change type, the location its schema coordinate.
import { CriticalityLevel, diff, DiffRule, type Change } from '@graphql-inspector/core';
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { Level } from '../spec-change.ts';
import { SpecReviewError } from '../spec-review-error.ts';

export function parseGraphql(text: string, label: string): GraphQLSchema {
  try {
    return buildSchema(text);
  } catch (error) {
    throw new SpecReviewError(`${label} does not parse: ${(error as Error).message}`);
  }
}

const levelOf: Record<string, Level> = {
  [CriticalityLevel.Breaking]: 'breaking',
  [CriticalityLevel.Dangerous]: 'dangerous',
  [CriticalityLevel.NonBreaking]: 'safe',
};

export interface GraphqlFound {
  readonly kind: string;
  readonly location: string;
  readonly level: Level;
  readonly message: string;
}

export async function diffGraphql(before: GraphQLSchema, after: GraphQLSchema): Promise<GraphqlFound[]> {
  const changes: Change[] = await diff(before, after, [DiffRule.ignoreDescriptionChanges]);
  return changes
    .filter((change) => !change.type.includes('_DESCRIPTION_'))
    .map((change) => ({
      kind: change.type,
      location: change.path ?? 'schema',
      level: levelOf[change.criticality.level] ?? 'breaking',
      message: change.message,
    }));
}
