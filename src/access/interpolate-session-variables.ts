// Replaces the `{ $session: name }` placeholders of compiled CASL rules with a request's
// session values, just before an ability is built (the placeholder format is defined by
// scripts/codegen/permissions/bool-exp-to-casl.ts).
import { likePatternToRegexSource } from './like-pattern.ts';

export type SessionScalar = string | number | boolean;
export type SessionValue = SessionScalar | readonly SessionScalar[];
/** Keyed by session variable name, any case (`X-Data-User-Id` or `x-data-user-id`). */
export type SessionValues = Readonly<Record<string, SessionValue>>;

export class MissingSessionVariableError extends Error {
  readonly names: readonly string[];

  constructor(names: readonly string[]) {
    super(`missing session variable${names.length === 1 ? '' : 's'}: ${names.join(', ')}`);
    this.name = 'MissingSessionVariableError';
    this.names = names;
  }
}

interface Placeholder {
  readonly $session: string;
  readonly $transform?: 'like-regex';
}

function isPlaceholder(value: object): value is Placeholder {
  return typeof (value as { $session?: unknown }).$session === 'string';
}

function substitute(value: unknown, session: ReadonlyMap<string, SessionValue>, missing: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, session, missing));
  if (typeof value !== 'object' || value === null) return value;
  if (isPlaceholder(value)) {
    const name = value.$session.toLowerCase();
    const found = session.get(name);
    if (found === undefined) {
      missing.add(name);
      return null;
    }
    return value.$transform === 'like-regex' ? likePatternToRegexSource(String(found)) : found;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, session, missing)]));
}

/** Throws MissingSessionVariableError naming every variable the rules need but `session` lacks. */
export function interpolateSessionVariables<Rule extends { readonly conditions?: unknown }>(
  rules: readonly Rule[],
  session: SessionValues,
): Rule[] {
  const values = new Map(Object.entries(session).map(([name, value]) => [name.toLowerCase(), value]));
  const missing = new Set<string>();
  const interpolated = rules.map((rule) =>
    rule.conditions === undefined ? { ...rule } : { ...rule, conditions: substitute(rule.conditions, values, missing) },
  );
  if (missing.size > 0) throw new MissingSessionVariableError([...missing].sort());
  return interpolated;
}
