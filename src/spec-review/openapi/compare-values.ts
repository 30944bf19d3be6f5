// What one schema admits against another, at one place (docs/spec-diff.md#openapi-rules): types,
// listed values (enum, const) and bounds. Direction decides the level: a request must still
// accept what it accepted (narrowing breaks), a response must send nothing new (widening breaks
// or is dangerous).
import { at, found, type Found } from './openapi-change-kinds.ts';
import {
  exactConstraints,
  lowerBounds,
  typeAdmits,
  upperBounds,
  type SchemaFacts,
  type TypeSet,
} from './schema-facts.ts';

export type Direction = 'request' | 'response';

const typeList = (types: TypeSet): string[] => (types === null ? ['any type'] : [...types].sort());

/** Types the first set admits that the second does not. */
function typesLost(from: TypeSet, to: TypeSet): string[] {
  if (to === null) return [];
  if (from === null) return ['any type'];
  return [...from].filter((type) => !typeAdmits(to, type)).sort();
}

export function compareTypes(before: SchemaFacts, after: SchemaFacts, direction: Direction, where: string): Found[] {
  const lost = typesLost(before.types, after.types);
  const gained = typesLost(after.types, before.types);
  const changes: Found[] = [];
  const was = typeList(before.types).join(' | ');
  const now = typeList(after.types).join(' | ');
  if (direction === 'request') {
    if (lost.length > 0)
      changes.push(
        found('request-type-narrowed', where, `no longer accepts ${lost.join(', ')} (was ${was}, now ${now})`),
      );
    else if (gained.length > 0) changes.push(found('request-type-widened', where, `also accepts ${gained.join(', ')}`));
  } else if (gained.length > 0)
    changes.push(found('response-type-widened', where, `may now be ${gained.join(', ')} (was ${was}, now ${now})`));
  else if (lost.length > 0) changes.push(found('response-type-narrowed', where, `no longer ${lost.join(', ')}`));
  return changes;
}

export function compareListedValues(
  before: SchemaFacts,
  after: SchemaFacts,
  direction: Direction,
  where: string,
): Found[] {
  const [was, now] = [before.values, after.values];
  if (was === null && now === null) return [];
  if (was === null) return [found(`${direction}-values-restricted`, where, `restricted to ${now?.join(', ')}`)];
  if (now === null)
    return [found(`${direction}-values-unrestricted`, where, `no longer restricted to ${was.join(', ')}`)];
  return [
    ...was
      .filter((value) => !now.includes(value))
      .map((value) => found(`${direction}-enum-value-removed`, at(where, `enum ${value}`), `value ${value} removed`)),
    ...now
      .filter((value) => !was.includes(value))
      .map((value) => found(`${direction}-enum-value-added`, at(where, `enum ${value}`), `value ${value} added`)),
  ];
}

type Tightness = 'tightened' | 'loosened' | null;

function boundChange(name: string, was: unknown, now: unknown): Tightness {
  if (JSON.stringify(was) === JSON.stringify(now)) return null;
  const upper = (upperBounds as readonly string[]).includes(name);
  const lower = (lowerBounds as readonly string[]).includes(name);
  if (was === undefined) return 'tightened';
  if (now === undefined) return 'loosened';
  if (upper) return Number(now) < Number(was) ? 'tightened' : 'loosened';
  if (lower) return Number(now) > Number(was) ? 'tightened' : 'loosened';
  if (name === 'uniqueItems') return now === true ? 'tightened' : 'loosened';
  // A different pattern, format or multipleOf may refuse what the old one admitted.
  return 'tightened';
}

export function compareConstraints(
  before: SchemaFacts,
  after: SchemaFacts,
  direction: Direction,
  where: string,
): Found[] {
  return [...upperBounds, ...lowerBounds, ...exactConstraints].flatMap((name) => {
    const [was, now] = [before.constraints[name], after.constraints[name]];
    const change = boundChange(name, was, now);
    if (change === null) return [];
    const words = `${name} ${was === undefined ? '(none)' : JSON.stringify(was)} -> ${now === undefined ? '(none)' : JSON.stringify(now)}`;
    // A changed pattern or format both refuses and admits: breaking for requests, dangerous for responses.
    const moved =
      change === 'tightened' &&
      was !== undefined &&
      now !== undefined &&
      (exactConstraints as readonly string[]).includes(name);
    const loosens = change === 'loosened' || moved;
    const kind =
      direction === 'request'
        ? change === 'tightened'
          ? 'request-constraint-tightened'
          : 'request-constraint-loosened'
        : loosens
          ? 'response-constraint-loosened'
          : 'response-constraint-tightened';
    return [found(kind, at(where, name), words)];
  });
}
