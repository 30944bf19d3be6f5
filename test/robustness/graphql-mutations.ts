// Documents built to hurt a GraphQL server (docs/requests.md, docs/data-layer.md#limits):
// truncated text, nesting thousands of levels deep, thousands of aliases, fragment chains and
// cycles, NUL and lone surrogates in strings, numbers past every range, unknown fields, repeated
// directives, and bodies whose `query`, `variables` or `operationName` have the wrong type.
import type { Draw } from './draw.ts';
import type { DrawnOperation } from './graphql-documents.ts';
import { hostileText } from './hostile-strings.ts';
import { wrongValue } from './schema-values.ts';

/** What the hostile documents are made of on one endpoint. */
export interface EndpointShape {
  /** A field of the query root (`ping`, or `__typename`). */
  leaf: string;
  /** The query root's type name (`Query`, `query_root`). */
  queryRoot: string;
  /** Root selections that cost the most (docs/api-limits.md), to repeat under many aliases. */
  expensive?: readonly ExpensiveSelection[];
}

export interface ExpensiveSelection {
  operation: 'query' | 'mutation';
  selection: string;
}

/**
 * The variant of a document repeating one expensive root field more often than any cap allows:
 * its cost limits must refuse it with a 4xx, never leave it to run into a 503
 * (docs/robustness.md#what-a-response-must-be).
 */
export const aliasFloodVariant = 'alias-flood';

export function mutateOperation(
  draw: Draw,
  operation: DrawnOperation,
  { leaf, queryRoot, expensive }: EndpointShape,
): { body: unknown; variant: string } {
  const { query } = operation;
  const withQuery = (text: string, variant: string) => ({ body: { ...operation, query: text }, variant });
  return draw.weighted<() => { body: unknown; variant: string }>([
    [3, () => withQuery(query.slice(0, draw.int(0, Math.max(0, query.length - 1))), 'truncated')],
    [2, () => withQuery(nested(draw, leaf), 'deep-nesting')],
    [
      1,
      () =>
        withQuery(
          `{ ${leaf}(a: ${'['.repeat(draw.pick([150, 5_000]))}1${']'.repeat(draw.pick([150, 5_000]))}) }`,
          'deep-list',
        ),
    ],
    [2, () => withQuery(aliases(draw, leaf), 'many-aliases')],
    [2, () => (expensive ? repeatedRootField(draw, expensive) : withQuery(aliases(draw, leaf), 'many-aliases'))],
    [2, () => withQuery(fragments(draw, leaf, queryRoot), 'many-fragments')],
    [
      1,
      () =>
        withQuery(`{ ...A } fragment A on ${queryRoot} { ...B } fragment B on ${queryRoot} { ...A }`, 'fragment-cycle'),
    ],
    [1, () => withQuery(directives(draw, leaf), 'many-directives')],
    [
      2,
      () =>
        withQuery(
          insertAt(
            draw,
            query,
            draw.pick([
              '\u0000',
              '"\\u0000"',
              '"\\ud800"',
              '"\ud800"',
              '\ufeff',
              '\u2028',
              '"""',
              '#',
              '$',
              '@',
              '...',
            ]),
          ),
          'bad-characters',
        ),
    ],
    [
      2,
      () =>
        withQuery(
          query.replace(
            /\b\d+\b/,
            draw.pick(['99999999999999999999999999', '1e400', '-0', '0x10', '1_000', `${'9'.repeat(5_000)}`]),
          ),
          'huge-number',
        ),
    ],
    [2, () => withQuery(query.replace(/\{ /, `{ unknown_field_${draw.int(0, 9)} `), 'unknown-field')],
    [1, () => withQuery(`${query} ${'#'.repeat(draw.pick([1_000, 150_000]))}`, 'comment-padding')],
    [1, () => withQuery(`query A { ${leaf} } query A { ${leaf} } { ${leaf} }`, 'ambiguous-operations')],
    [
      1,
      () =>
        withQuery(
          `{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }`,
          'introspection',
        ),
    ],
    [1, () => withQuery(`{ ${leaf} @skip(if: $undeclared) }`, 'undeclared-variable')],
    [
      3,
      () => ({
        body: { ...operation, variables: mutateVariables(draw, operation.variables) },
        variant: 'wrong-variables',
      }),
    ],
    [2, () => ({ body: { ...operation, query: wrongValue(draw) }, variant: 'query-not-a-string' })],
    [
      1,
      () => ({
        body: { ...operation, operationName: draw.pick([123, '', 'Missing', hostileText(draw), null, []]) },
        variant: 'operation-name',
      }),
    ],
    [1, () => ({ body: { ...operation, extensions: wrongValue(draw) }, variant: 'extensions' })],
    [1, () => ({ body: [operation, operation], variant: 'batch' })],
    [1, () => ({ body: wrongValue(draw), variant: 'not-a-request' })],
    [1, () => ({ body: {}, variant: 'empty-object' })],
  ])();
}

function nested(draw: Draw, leaf: string): string {
  const levels = draw.pick([99, 101, 1_000, 3_000, 10_000]);
  return `${'{ a '.repeat(levels)}{ ${leaf} }${' }'.repeat(levels)}`;
}

function aliases(draw: Draw, leaf: string): string {
  const count = draw.pick([500, 2_000, 9_000]);
  return `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${leaf}`).join(' ')} }`;
}

/** One expensive root field under 6 aliases (within most caps) or past every cap (51, 600). */
function repeatedRootField(draw: Draw, expensive: readonly ExpensiveSelection[]): { body: unknown; variant: string } {
  const { operation, selection } = draw.pick(expensive);
  const count = draw.pick([6, 51, 600]);
  const selections = Array.from({ length: count }, (_, index) => `a${index}: ${selection}`).join(' ');
  return {
    body: { query: `${operation} { ${selections} }`, variables: {} },
    variant: count > 50 ? aliasFloodVariant : 'repeated-root-field',
  };
}

/** A chain where each fragment spreads the previous one twice: the expansion doubles per link. */
function fragments(draw: Draw, leaf: string, queryRoot: string): string {
  const count = draw.pick([10, 40, 1_000]);
  const links = Array.from({ length: count }, (_, index) =>
    index === 0
      ? `fragment F0 on ${queryRoot} { ${leaf} }`
      : `fragment F${index} on ${queryRoot} { ...F${index - 1} ...F${index - 1} }`,
  );
  return `{ ...F${count - 1} } ${links.join(' ')}`;
}

function directives(draw: Draw, leaf: string): string {
  const count = draw.pick([100, 3_000]);
  return `{ ${leaf} ${'@include(if: true) '.repeat(count)}}`;
}

function insertAt(draw: Draw, text: string, piece: string): string {
  const at = draw.int(0, text.length);
  return `${text.slice(0, at)}${piece}${text.slice(at)}`;
}

function mutateVariables(draw: Draw, variables: Record<string, unknown>): unknown {
  const names = Object.keys(variables);
  if (names.length === 0 || draw.chance(0.3)) return wrongValue(draw);
  return { ...variables, [draw.pick(names)]: wrongValue(draw), extra: wrongValue(draw) };
}
