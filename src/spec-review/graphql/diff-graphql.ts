// schema.graphql at two versions (docs/spec-diff.md#graphql-rules), compared by
// @graphql-inspector/core's `diff` with its criticality levels (BREAKING, DANGEROUS,
// NON_BREAKING → breaking, dangerous, safe). Descriptions are words for people, not API: the
// library's ignoreDescriptionChanges rule drops their changes, and the description a new type or
// field comes with is dropped too, as the OpenAPI rules ignore descriptions. The kind is the
// library's change type, the location its schema coordinate.
import { CriticalityLevel, diff, DiffRule, type Change } from '@graphql-inspector/core';
import { buildASTSchema, type GraphQLSchema } from 'graphql';
import type { Level } from '../spec-change.ts';
import { SpecProblemsError } from '../../spec-problems/spec-problems-error.ts';
import { atVersion } from '../spec-version-problem.ts';
import { sdlProblems } from './validate-graphql-schema.ts';

/** schema.graphql at `version`; one that does not build is a SpecProblemsError, each problem at its line. */
export function parseGraphql(text: string, version: string): GraphQLSchema {
  const sdl = sdlProblems(text, 'schema.graphql');
  if (!sdl.ok) throw new SpecProblemsError(sdl.problems.map((problem) => atVersion(problem, version)));
  return buildASTSchema(sdl.document, { assumeValidSDL: true });
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
