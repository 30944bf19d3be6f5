// How the row-filter decision procedure (docs/access-review.md#decision-procedure) orders the
// values of a column or session variable: numbers, text, uuids, instants, Booleans, or values it
// only compares for equality. A kind compares two concrete values as PostgreSQL would (text by
// code point: deterministic collations agree on equality, and order comparisons of text in
// permissions.yaml are rare) and hands out values strictly between, below or above constants.
import BigNumber from 'bignumber.js';
import type { SessionVariableType } from '../../access/permission-model.ts';

export type ConcreteValue = string | number | boolean;

export interface ValueKind {
  readonly name: 'integer' | 'decimal' | 'text' | 'uuid' | 'instant' | 'date' | 'boolean' | 'opaque';
  /** The constant as this kind holds it (uuids lower-cased, numbers as numbers), or null if it is not one. */
  normalize(value: unknown): ConcreteValue | null;
  compare(a: ConcreteValue, b: ConcreteValue): number;
  /**
   * Up to `count` distinct values strictly between `low` and `high` (either may be null:
   * unbounded), increasing. Fewer when the kind has no more there.
   */
  between(low: ConcreteValue | null, high: ConcreteValue | null, count: number): ConcreteValue[];
  /** `count` distinct values for columns compared only for equality: readable ones. */
  fresh(count: number): ConcreteValue[];
  /** Whether `between` always finds `count` values in an unbounded gap (false: finite kinds). */
  readonly finite: boolean;
}

const integerTypes = new Set(['int2', 'int4', 'int8', 'integer', 'smallint', 'bigint']);
const decimalTypes = new Set(['numeric', 'float4', 'float8', 'decimal', 'money']);
const textTypes = new Set(['text', 'varchar', 'bpchar', 'citext', 'name']);

function range(count: number, at: (index: number) => ConcreteValue): ConcreteValue[] {
  return Array.from({ length: Math.max(count, 0) }, (_, index) => at(index));
}

const integerKind: ValueKind = {
  fresh: (count) => integerKind.between(null, null, count),
  name: 'integer',
  finite: false,
  normalize: (value) => {
    const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
  },
  compare: (a, b) => (a as number) - (b as number),
  between(low, high, count) {
    const lo = low as number | null;
    const hi = high as number | null;
    if (lo === null && hi === null) return range(count, (index) => index + 1);
    if (lo === null) return range(count, (index) => (hi as number) - count + index);
    if (hi === null) return range(count, (index) => lo + index + 1);
    return range(Math.min(count, hi - lo - 1), (index) => lo + index + 1);
  },
};

const decimalKind: ValueKind = {
  fresh: (count) => decimalKind.between(null, null, count),
  name: 'decimal',
  finite: false,
  normalize: (value) => {
    if (typeof value !== 'number' && typeof value !== 'string') return null;
    const number = new BigNumber(value);
    return number.isFinite() ? number.toFixed() : null;
  },
  compare: (a, b) => new BigNumber(a as string).comparedTo(b as string) ?? 0,
  between(low, high, count) {
    if (low === null && high === null) return range(count, (index) => String(index + 1));
    if (low === null) return range(count, (index) => new BigNumber(high as string).minus(count - index).toFixed());
    if (high === null) return range(count, (index) => new BigNumber(low as string).plus(index + 1).toFixed());
    const step = new BigNumber(high as string).minus(low as string).dividedBy(count + 1);
    return range(count, (index) => new BigNumber(low as string).plus(step.times(index + 1)).toFixed());
  },
};

/** Candidates tried between two strings; those strictly inside the gap are kept. */
function textCandidates(low: string | null, high: string | null): string[] {
  const base = low ?? '';
  const tails = ['0', '1', '5', 'A', 'M', 'a', 'm', 'z', '~'];
  const fromLow = [...tails.map((tail) => `${base}${tail}`), ...tails.map((tail) => `${base}~${tail}`)];
  const fromHigh = high ? tails.map((tail) => `${high.slice(0, -1)}${tail}`) : [];
  const plain = ['', 'a', 'm', 'other', 'z', 'zz'];
  const inside = [...new Set([...plain, ...fromLow, ...fromHigh])].filter(
    (value) => (low === null || value > low) && (high === null || value < high),
  );
  return inside.sort();
}

const textKind: ValueKind = {
  fresh: (count) => range(count, (index) => `value-${index + 1}`),
  name: 'text',
  finite: false,
  normalize: (value) => (typeof value === 'string' ? value : null),
  compare: (a, b) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0),
  between(low, high, count) {
    return textCandidates(low as string | null, high as string | null).slice(0, count);
  },
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uuidMax = (1n << 128n) - 1n;

function uuidNumber(value: string): bigint {
  return BigInt(`0x${value.replaceAll('-', '')}`);
}

function uuidText(number: bigint): string {
  const hex = number.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidKind: ValueKind = {
  fresh: (count) => uuidKind.between(null, null, count),
  name: 'uuid',
  finite: false,
  normalize: (value) =>
    typeof value === 'string' && uuidPattern.test(value.toLowerCase()) ? value.toLowerCase() : null,
  compare: (a, b) => {
    const x = uuidNumber(a as string);
    const y = uuidNumber(b as string);
    return x < y ? -1 : x > y ? 1 : 0;
  },
  between(low, high, count) {
    const lo = low === null ? null : uuidNumber(low as string);
    const hi = high === null ? null : uuidNumber(high as string);
    // Far from either end, so that the values read as made up (…-4000-8000-0000000000NN).
    const start = lo ?? (hi !== null && hi < 0x4000_8000_0000_0000_0000n ? -1n : 0x4000_8000_0000_0000_0000n);
    const values: ConcreteValue[] = [];
    for (let next = start + 1n; values.length < count && next <= uuidMax && (hi === null || next < hi); next += 1n)
      values.push(uuidText(next));
    return values;
  },
};

const dayMs = 86_400_000;

function instantKind(name: 'instant' | 'date'): ValueKind {
  const unit = name === 'date' ? dayMs : 1000;
  const render = (ms: number) =>
    name === 'date' ? new Date(ms).toISOString().slice(0, 10) : new Date(ms).toISOString();
  const kind: ValueKind = {
    name,
    finite: false,
    fresh: (count) => kind.between(null, null, count),
    normalize: (value) => {
      if (typeof value !== 'string') return null;
      const ms = Date.parse(value);
      return Number.isNaN(ms) ? null : render(ms);
    },
    compare: (a, b) => Date.parse(a as string) - Date.parse(b as string),
    between(low, high, count) {
      const lo = low === null ? null : Date.parse(low as string);
      const hi = high === null ? null : Date.parse(high as string);
      const origin = Date.parse('2024-01-01T00:00:00Z');
      if (lo === null && hi === null) return range(count, (index) => render(origin + index * unit));
      if (lo === null) return range(count, (index) => render((hi as number) - (count - index) * unit));
      if (hi === null) return range(count, (index) => render(lo + (index + 1) * unit));
      const slots = Math.floor((hi - lo) / unit) - 1;
      return range(Math.min(count, slots), (index) => render(lo + (index + 1) * unit));
    },
  };
  return kind;
}

const booleanKind: ValueKind = {
  fresh: (count) => booleanKind.between(null, null, count),
  name: 'boolean',
  finite: true,
  normalize: (value) => (typeof value === 'boolean' ? value : null),
  compare: (a, b) => Number(a) - Number(b),
  between(low, high) {
    return [false, true].filter(
      (value) => (low === null || Number(value) > Number(low)) && (high === null || Number(value) < Number(high)),
    );
  },
};

/** jsonb, arrays, bytea, inet: compared for equality only, never ordered (the procedure says "unknown" there). */
const opaqueKind: ValueKind = {
  fresh: (count) => opaqueKind.between(null, null, count),
  name: 'opaque',
  finite: false,
  normalize: (value) => (typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value)),
  compare: (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0),
  between: (_low, _high, count) => range(count, (index) => `other-${index + 1}`),
};

const instant = instantKind('instant');
const date = instantKind('date');

/** The kind of a column, from its PostgreSQL type name (udt_name). */
export function columnKind(dataType: string): ValueKind {
  if (integerTypes.has(dataType)) return integerKind;
  if (decimalTypes.has(dataType)) return decimalKind;
  if (textTypes.has(dataType)) return textKind;
  if (dataType === 'uuid') return uuidKind;
  if (dataType === 'bool') return booleanKind;
  if (dataType === 'timestamptz' || dataType === 'timestamp') return instant;
  if (dataType === 'date') return date;
  return opaqueKind;
}

/** The kind of a session variable's value (of each element, for array variables). */
export function sessionKind(type: SessionVariableType): ValueKind {
  const element = type.endsWith('[]') ? type.slice(0, -2) : type;
  switch (element) {
    case 'integer':
      return integerKind;
    case 'numeric':
      return decimalKind;
    case 'uuid':
      return uuidKind;
    case 'boolean':
      return booleanKind;
    case 'timestamptz':
      return instant;
    default:
      return textKind;
  }
}
