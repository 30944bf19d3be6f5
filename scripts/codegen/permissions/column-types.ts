// Coarse type families of PostgreSQL columns and session variables: enough to catch a value
// that can never match (a uuid variable against an integer column, a string literal against
// a boolean) without re-implementing Postgres casts.
import type { SessionVariableType } from './permissions-source.ts';

export type TypeFamily = 'number' | 'string' | 'uuid' | 'boolean' | 'datetime' | 'json' | 'array' | 'other';

const families: Record<string, TypeFamily> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  citext: 'string',
  name: 'string',
  uuid: 'uuid',
  bool: 'boolean',
  timestamptz: 'datetime',
  timestamp: 'datetime',
  date: 'datetime',
  time: 'datetime',
  timetz: 'datetime',
  json: 'json',
  jsonb: 'json',
};

export function columnFamily(dataType: string): TypeFamily {
  if (dataType.startsWith('_')) return 'array';
  return families[dataType] ?? 'other';
}

const sessionFamilies: Record<SessionVariableType, { family: TypeFamily; isArray: boolean }> = {
  text: { family: 'string', isArray: false },
  uuid: { family: 'uuid', isArray: false },
  integer: { family: 'number', isArray: false },
  numeric: { family: 'number', isArray: false },
  boolean: { family: 'boolean', isArray: false },
  timestamptz: { family: 'datetime', isArray: false },
  'text[]': { family: 'string', isArray: true },
  'uuid[]': { family: 'uuid', isArray: true },
  'integer[]': { family: 'number', isArray: true },
};

export function sessionVariableFamily(type: SessionVariableType): { family: TypeFamily; isArray: boolean } {
  return sessionFamilies[type];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Numbers may be written as strings so money keeps its exact decimal digits.
const decimalPattern = /^-?\d+(\.\d+)?$/;

/** Why a scalar literal cannot be a value of the column's family, or null when it can. */
export function literalMismatch(family: TypeFamily, value: unknown): string | null {
  switch (family) {
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && decimalPattern.test(value)) ? null : 'a number';
    case 'uuid':
      return typeof value === 'string' && uuidPattern.test(value) ? null : 'a uuid string';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'true or false';
    case 'string':
    case 'datetime':
      return typeof value === 'string' ? null : 'a string';
    case 'json':
    case 'array':
    case 'other':
      return null; // not checked: Postgres decides
  }
}

/** Whether a session variable of this family can be compared with a column of that family. */
export function familiesCompatible(column: TypeFamily, variable: TypeFamily): boolean {
  if (column === 'json' || column === 'array' || column === 'other') return true;
  return column === variable;
}
