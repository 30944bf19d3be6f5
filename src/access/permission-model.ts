// The compiled permission model's types: what generated/permissions/compiled-permissions.ts
// satisfies and what the data layer's SQL compiler (src/records) and src/access read. They live in src/ so
// the generated file can import them (src/ never imports scripts/).
import type { ComparisonOperator } from './comparison-operators.ts';

export type { ComparisonOperator } from './comparison-operators.ts';

export type SessionVariableType =
  'text' | 'uuid' | 'integer' | 'numeric' | 'boolean' | 'timestamptz' | 'text[]' | 'uuid[]' | 'integer[]';

export type RuleAction = 'select' | 'insert' | 'update' | 'delete';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A literal from permissions.yaml, or a session variable (lower-case name) read at request time. */
export type RuleValue =
  { readonly type: 'literal'; readonly value: JsonValue } | { readonly type: 'session'; readonly name: string };

/** A comparison's operand: a RuleValue, or (a column comparison, `_ceq` …) another column of the same row. */
export type ComparisonValue = RuleValue | { readonly type: 'column'; readonly name: string };

/** A Hasura boolean expression, normalized: `{}` is an `and` without operands (all rows). */
export type BoolExp =
  | { readonly type: 'and'; readonly operands: readonly BoolExp[] }
  | { readonly type: 'or'; readonly operands: readonly BoolExp[] }
  | { readonly type: 'not'; readonly operand: BoolExp }
  | {
      readonly type: 'compare';
      readonly column: string;
      readonly operator: ComparisonOperator;
      readonly value: ComparisonValue;
      /** `_cast: { String: … }`: the column is compared as this PostgreSQL type (`text`). */
      readonly cast?: string;
    }
  /** Hasura's `_exists`: some row of another table matches `where` (independent of the filtered row). */
  | { readonly type: 'exists'; readonly table: string; readonly where: BoolExp }
  | {
      readonly type: 'relationship';
      readonly relationship: string;
      readonly kind: 'object' | 'array';
      readonly remoteTable: string;
      readonly where: BoolExp;
    };

export interface SelectPermission {
  readonly filter: BoolExp;
  readonly columns: readonly string[];
  readonly allowAggregations: boolean;
  readonly limit: number | null;
}
export interface InsertPermission {
  readonly check: BoolExp;
  readonly set: { readonly [column: string]: RuleValue };
  readonly columns: readonly string[];
}
export interface UpdatePermission {
  readonly filter: BoolExp;
  readonly columns: readonly string[];
  readonly check: BoolExp | null;
  readonly set: { readonly [column: string]: RuleValue };
}
export interface DeletePermission {
  readonly filter: BoolExp;
}

export interface TablePermissions {
  readonly select: SelectPermission | null;
  readonly insert: InsertPermission | null;
  readonly update: UpdatePermission | null;
  readonly delete: DeletePermission | null;
}

export interface RelationshipModel {
  readonly kind: 'object' | 'array';
  readonly remoteTable: string;
  readonly columnMapping: { readonly [localColumn: string]: string };
}

export interface ColumnModel {
  readonly name: string;
  readonly dataType: string;
  readonly isNullable: boolean;
  /** What an insert that names no value writes (docs/access-review.md#write-rules-judged-as-a-whole); absent: NULL. */
  readonly default?: ColumnDefault;
}

/** A literal default, or one that may differ per row (now(), a sequence, gen_random_uuid()). */
export type ColumnDefault =
  { readonly kind: 'constant'; readonly value: string | number | boolean | null } | { readonly kind: 'varying' };

export interface UniqueConstraintModel {
  readonly name: string;
  readonly columns: readonly string[];
}

export interface TableModel {
  readonly description: string;
  /**
   * permissions.yaml `read_only: true`: nobody writes the table through the data layer, the admin
   * secret included (docs/permissions.md#read-only-tables); absent: admin writes it.
   */
  readonly readOnly?: true;
  readonly primaryKey: readonly string[];
  /**
   * The primary-key and UNIQUE constraints by name, with their columns: what `on_conflict` may
   * name (docs/data-layer.md#upserts-on_conflict). Absent in hand-written models: none.
   */
  readonly uniqueConstraints?: readonly UniqueConstraintModel[];
  readonly columns: readonly ColumnModel[];
  readonly relationships: { readonly [name: string]: RelationshipModel };
}

export interface SessionVariableModel {
  readonly type: SessionVariableType;
  /** The header spelling, e.g. X-Data-User-Id (names are case-insensitive). */
  readonly header: string;
  readonly description: string;
}

export interface RoleModel {
  readonly description: string;
  readonly sessionVariables: readonly string[];
}

export type DocumentCredential = 'admin_api_key' | 'admin_user';

export type DocumentRuleModel =
  | { readonly name: string; readonly kind: 'filter'; readonly filter: BoolExp }
  | { readonly name: string; readonly kind: 'administrator'; readonly credentials: readonly DocumentCredential[] };

export interface DocumentAccessModel {
  readonly table: string;
  readonly description: string;
  readonly rules: readonly DocumentRuleModel[];
}

/**
 * Who may call one business GraphQL operation that records a person (permissions.yaml
 * `business_operations`, docs/identity.md#operation-roles): the acting person must hold one of
 * `roles` in the organization the operation acts in, or one of `ownRecordRoles` there when the
 * record is their own. `platform_administrator` (platformAdministratorRole) stands for users with
 * app_user.is_platform_admin, in every organization.
 */
export interface BusinessOperationModel {
  readonly description: string;
  readonly roles: readonly string[];
  readonly ownRecordRoles: readonly string[];
}

/** The pseudo-role of business_operations held by platform administrators (app_user.is_platform_admin). */
export const platformAdministratorRole = 'platform_administrator';

export interface PermissionModel {
  readonly version: 1;
  readonly sessionVariables: { readonly [name: string]: SessionVariableModel };
  readonly roles: { readonly [role: string]: RoleModel };
  readonly tables: { readonly [table: string]: TableModel };
  readonly secretColumns: { readonly [table: string]: readonly string[] };
  /** role → table → rules; only tables the role has at least one rule on. */
  readonly permissions: { readonly [role: string]: { readonly [table: string]: TablePermissions } };
  readonly documentAccess: { readonly [name: string]: DocumentAccessModel };
  /** root field of schema.graphql → who may call it (permissions.yaml business_operations). */
  readonly businessOperations: { readonly [operation: string]: BusinessOperationModel };
}

/** A CASL raw rule; session values are `{ $session: name }` placeholders until interpolated. */
export interface CaslRawRule {
  readonly action: RuleAction;
  readonly subject: string;
  readonly fields?: readonly string[];
  readonly conditions?: CaslConditions;
}
export type CaslConditions = { readonly [key: string]: unknown };

/** A document_access filter rule as a CASL raw rule; `reason` is the rule's name. */
export interface DocumentCaslRule {
  readonly action: 'read';
  readonly subject: string;
  readonly reason: string;
  readonly conditions?: CaslConditions;
}
