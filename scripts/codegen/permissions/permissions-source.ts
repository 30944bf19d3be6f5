// permissions.yaml as parsed, once permissions.schema.json has accepted its structure.
// Boolean expressions stay `unknown` below the top: their keys are only meaningful
// against the database (a column, a relationship or an operator), so compile-bool-exp.ts
// checks them.

import type { DocumentCredential, SessionVariableType } from '../../../src/access/permission-model.ts';

export type { DocumentCredential, SessionVariableType };

export type RawBoolExp = Record<string, unknown>;
export type RawColumns = '*' | string[];
export type RawPresets = Record<string, string | number | boolean | null>;

export interface RawSessionVariable {
  type: SessionVariableType;
  description: string;
}
export interface RawRole {
  description: string;
  session_variables: string[];
}
export interface RawRelationship {
  remote_table: string;
  column_mapping: Record<string, string>;
}

export interface RawSelectRule {
  filter: RawBoolExp;
  columns: RawColumns;
  allow_aggregations?: boolean;
  limit?: number;
}
export interface RawInsertRule {
  check: RawBoolExp;
  set?: RawPresets;
  columns: RawColumns;
}
export interface RawUpdateRule {
  filter: RawBoolExp;
  columns: RawColumns;
  check?: RawBoolExp;
  set?: RawPresets;
}
export interface RawDeleteRule {
  filter: RawBoolExp;
}

export interface RawTable {
  description: string;
  read_only?: boolean;
  object_relationships?: Record<string, RawRelationship>;
  array_relationships?: Record<string, RawRelationship>;
  select?: Record<string, RawSelectRule>;
  insert?: Record<string, RawInsertRule>;
  update?: Record<string, RawUpdateRule>;
  delete?: Record<string, RawDeleteRule>;
}

export interface RawDocumentRule {
  name: string;
  filter?: RawBoolExp;
  administrator?: true;
  credentials?: DocumentCredential[];
}
export interface RawDocument {
  table: string;
  description: string;
  rules: RawDocumentRule[];
}

export interface RawBusinessOperation {
  description: string;
  roles: string[];
  own_records?: string[];
}

export interface PermissionsSource {
  version: 1;
  session_variables: Record<string, RawSessionVariable>;
  roles: Record<string, RawRole>;
  secret_columns?: Record<string, RawColumns>;
  tables: Record<string, RawTable>;
  document_access?: Record<string, RawDocument>;
  business_operations?: Record<string, RawBusinessOperation>;
}
