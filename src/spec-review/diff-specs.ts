// Both specs at two versions, every change classified and fingerprinted (docs/spec-diff.md).
// Texts in, changes out: reading git refs is the CLI's business. A spec that does not parse is a
// SpecReviewError naming the file, the version and why.
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
  const openapi = diffOpenApi(
    parseOpenApi(before.openapi, `openapi.yaml at ${before.name}`),
    parseOpenApi(after.openapi, `openapi.yaml at ${after.name}`),
  );
  const graphql = await diffGraphql(
    parseGraphql(before.graphql, `schema.graphql at ${before.name}`),
    parseGraphql(after.graphql, `schema.graphql at ${after.name}`),
  );
  return [
    ...openapi.map((change) => specChange('openapi.yaml', change)),
    ...graphql.map((change) => specChange('schema.graphql', change)),
  ].sort(compareChanges);
}
