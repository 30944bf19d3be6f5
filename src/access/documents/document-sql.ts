// SQL pieces shared by the document record readers: parties as JSON objects and values in the exact
// text form the view models want (docs/field-notes.md#pg: numeric stays a string, so
// money is cast to text before PostgreSQL builds JSON; instants print as UTC ISO 8601 like
// Date#toISOString, independent of the session's time zone).
import { type RawBuilder, sql } from 'kysely';
import type { SqlCondition } from '../condition-to-sql.ts';

/** Which rows of a document's table a caller may read, as a condition on the row's alias. */
export type RowCondition = (alias: string) => SqlCondition;

/** A NOT NULL `timestamptz` → `'2025-10-01T09:00:00.000Z'`. */
export function isoInstant(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A nullable `timestamptz` → its ISO text, or null. */
export function optionalIsoInstant(column: string): RawBuilder<string | null> {
  return isoInstant(column) as RawBuilder<string | null>;
}

/** `date` → `'2026-01-29'`, or null. */
export function isoDate(column: string): RawBuilder<string | null> {
  return sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
}

/** The `organization` row behind `alias` (always present: joined on a NOT NULL key). */
export function organizationJson(alias: string): RawBuilder<OrganizationRecord> {
  return sql<OrganizationRecord>`json_build_object('name', ${sql.ref(`${alias}.name`)}, 'countryCode', ${sql.ref(`${alias}.country_code`)})`;
}

/** The `app_user` row behind `alias` (left-joined), or null when there is none. */
export function personJson(alias: string): RawBuilder<PersonRecord | null> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<PersonRecord | null>`CASE WHEN ${column('id')} IS NULL THEN NULL ELSE json_build_object(
    'userId', ${column('id')}, 'firstName', ${column('first_name')}, 'lastName', ${column('last_name')}, 'email', ${column('email')}) END`;
}

export interface OrganizationRecord {
  name: string;
  countryCode: string | null;
}

export interface PersonRecord {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}
