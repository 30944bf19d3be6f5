// Both specs at two versions, every change classified and fingerprinted (docs/spec-diff.md).
// Texts in, changes out: reading git refs is the CLI's business. A spec that does not parse is a
// SpecProblemsError, each problem `file:line:col: message (at <version>)`.
import { diffGraphql, parseGraphql } from './graphql/diff-graphql.ts';
import { diffOpenApi } from './openapi/diff-openapi.ts';
import { parseOpenApi } from './openapi/openapi-document.ts';
import { compareChanges, specChange, type SpecChange } from './spec-change.ts';

export interface SpecVersion {
  /** Where the texts come from, for messages: `HEAD~1`, `working tree`. */
  readonly name: string;
  readonly openapi: string;
  readonly graphql: string;
}

export async function diffSpecs(before: SpecVersion, after: SpecVersion): Promise<SpecChange[]> {
  const openapiBefore = parseOpenApi(before.openapi, before.name);
  const graphqlBefore = parseGraphql(before.graphql, before.name);
  // The same text has no change; each version is still parsed, so a broken spec is always reported.
  const openapi =
    before.openapi === after.openapi ? [] : diffOpenApi(openapiBefore, parseOpenApi(after.openapi, after.name));
  const graphql =
    before.graphql === after.graphql ? [] : await diffGraphql(graphqlBefore, parseGraphql(after.graphql, after.name));
  return [
    ...openapi.map((change) => specChange('openapi.yaml', change)),
    ...graphql.map((change) => specChange('schema.graphql', change)),
  ].sort(compareChanges);
}
