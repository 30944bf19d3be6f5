// One entry of the spec diff corpus (docs/spec-diff.md#how-it-is-tested): edits of one spec and
// every change `spec:diff` must list for them (none for a refactor). The edits apply to the
// snapshots in base/, written by generate-corpus.ts from the real files, so the corpus keeps
// meaning the same thing while the real specs move on. openapi.yaml edits set or delete a value
// at a path of the YAML document; schema.graphql edits replace a text that occurs exactly once,
// or splice the text at offsets of the snapshot.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { Level, SpecFile } from '../../../src/spec-review/spec-change.ts';

export type OpenApiEdit =
  | { readonly path: readonly (string | number)[]; readonly value: unknown }
  | { readonly path: readonly (string | number)[]; readonly delete: true };

export type GraphqlEdit =
  | { readonly find: string; readonly replace: string }
  | { readonly start: number; readonly end: number; readonly text: string };

export interface ExpectedChange {
  readonly kind: string;
  readonly location: string;
  readonly level: Level;
}

export interface CorpusEntry {
  readonly id: string;
  /**
   * breaking: a seeded break that must be found exactly as expected; non-breaking: a change that
   * must be found as dangerous or safe, not breaking; refactor: an equivalent rewrite that must list nothing.
   */
  readonly class: 'breaking' | 'non-breaking' | 'refactor';
  readonly origin: 'generated' | 'hand-written';
  readonly spec: SpecFile;
  /** The operator that made it (field-removed, inline-ref, …) and what it touched. */
  readonly operator: string;
  readonly target: string;
  readonly openapi?: readonly OpenApiEdit[];
  readonly graphql?: readonly GraphqlEdit[];
  /** Every change the diff lists, in any order. */
  readonly expected: readonly ExpectedChange[];
}

export const baseDir = path.join(import.meta.dirname, 'base');

export function baseTexts(): { openapi: string; graphql: string } {
  return {
    openapi: readFileSync(path.join(baseDir, 'openapi.yaml'), 'utf8'),
    graphql: readFileSync(path.join(baseDir, 'schema.graphql'), 'utf8'),
  };
}

export function applyOpenApiEdits(text: string, edits: readonly OpenApiEdit[]): string {
  const document = parseDocument(text);
  for (const edit of edits) {
    if ('delete' in edit) {
      if (!document.hasIn(edit.path)) throw new Error(`nothing to delete at ${edit.path.join('/')}`);
      document.deleteIn(edit.path);
    } else document.setIn(edit.path, document.createNode(edit.value));
  }
  return document.toString({ lineWidth: 0 });
}

export function applyGraphqlEdits(text: string, edits: readonly GraphqlEdit[]): string {
  const splices = edits.filter((edit) => 'start' in edit).sort((left, right) => right.start - left.start);
  let result = text;
  for (const splice of splices) result = result.slice(0, splice.start) + splice.text + result.slice(splice.end);
  for (const edit of edits) {
    if (!('find' in edit)) continue;
    const at = result.indexOf(edit.find);
    if (at < 0 || result.indexOf(edit.find, at + 1) >= 0) throw new Error(`'${edit.find}' does not occur exactly once`);
    result = result.slice(0, at) + edit.replace + result.slice(at + edit.find.length);
  }
  return result;
}

export function applyEntry(
  base: { openapi: string; graphql: string },
  entry: CorpusEntry,
): { openapi: string; graphql: string } {
  return {
    openapi: entry.openapi ? applyOpenApiEdits(base.openapi, entry.openapi) : base.openapi,
    graphql: entry.graphql ? applyGraphqlEdits(base.graphql, entry.graphql) : base.graphql,
  };
}
