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
      readonly kind: 'object_relationship' | 'array_relationship';
      readonly relationship: string;
      readonly table: string;
    }
  | { readonly kind: 'aggregate' | 'nodes' | 'count' | 'affected_rows' | 'returning' }
  | { readonly kind: 'function'; readonly fn: AggregateFunction };

export type InputFieldMeta =
  | { readonly kind: 'column'; readonly column: string }
  | { readonly kind: 'relationship'; readonly relationship: string; readonly table: string };

export type FieldMeta = RootFieldMeta | OutputFieldMeta;

export function dataLayerExtensions(meta: FieldMeta | InputFieldMeta): { dataLayer: FieldMeta | InputFieldMeta } {
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
