// What each field of a role schema means to the plan builder, kept in graphql-js `extensions`
// (`dataLayer`) so the request side reads meaning from the schema rather than from names.
import type { AggregateFunction } from '../../records/data-layer-sql/query-plan.ts';

export type MutationKind =
  'insert' | 'insert_one' | 'update' | 'update_by_pk' | 'update_many' | 'delete' | 'delete_by_pk';

export type RootFieldMeta = {
  readonly kind: 'select' | 'select_by_pk' | 'select_aggregate' | 'select_stream' | MutationKind;
  readonly table: string;
};

export type OutputFieldMeta =
  | { readonly kind: 'column'; readonly column: string }
  | {
      readonly kind: 'object_relationship' | 'array_relationship' | 'array_aggregate';
      readonly relationship: string;
      readonly table: string;
    }
  | { readonly kind: 'aggregate' | 'nodes' | 'count' | 'affected_rows' | 'returning' }
  | { readonly kind: 'function'; readonly fn: AggregateFunction };

export type InputFieldMeta =
  | { readonly kind: 'column'; readonly column: string }
  | { readonly kind: 'relationship'; readonly relationship: string; readonly table: string };

/** Fields only `<t>_order_by` has: `<rel>_aggregate`, and inside it `count` and the functions. */
export type AggregateOrderByMeta =
  | { readonly kind: 'aggregate_relationship'; readonly relationship: string; readonly table: string }
  | { readonly kind: 'count' }
  | { readonly kind: 'function'; readonly fn: AggregateFunction };

export type FieldMeta = RootFieldMeta | OutputFieldMeta;

export function dataLayerExtensions(meta: FieldMeta | InputFieldMeta | AggregateOrderByMeta): {
  dataLayer: FieldMeta | InputFieldMeta | AggregateOrderByMeta;
} {
  return { dataLayer: meta };
}

export function fieldMeta(extensions: { readonly [key: string]: unknown } | null | undefined): FieldMeta | undefined {
  return extensions?.dataLayer as FieldMeta | undefined;
}

export function inputFieldMeta(
  extensions: { readonly [key: string]: unknown } | null | undefined,
): InputFieldMeta | undefined {
  return extensions?.dataLayer as InputFieldMeta | undefined;
}

export function orderByFieldMeta(
  extensions: { readonly [key: string]: unknown } | null | undefined,
): InputFieldMeta | AggregateOrderByMeta | undefined {
  return extensions?.dataLayer as InputFieldMeta | AggregateOrderByMeta | undefined;
}
