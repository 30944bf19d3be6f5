// Compiled statements are cached per (role, query, operation)
// (docs/data-layer.md#how-a-request-runs), so values that differ between requests (session
// variables, GraphQL variables, limits computed from them) are compiled as slots: placeholders
// among the statement's parameters that are resolved when the statement runs. Everything else is
// bound as an ordinary constant parameter.
import { AppError } from '../../errors/app-error.ts';
import type { SessionValue, SessionValues } from '../../access/interpolate-session-variables.ts';

/** What a statement is bound with at execution time. */
export interface BindingContext {
  /** Typed session values by lower-case name (x-data-user-id). */
  readonly session: ReadonlyMap<string, SessionValue>;
  /** The request's coerced GraphQL variables. */
  readonly variables: Readonly<Record<string, unknown>>;
  /** The values (JSON text) of the steps a nested insert ran before this statement (compile-nested-insert.ts). */
  readonly results?: readonly string[];
}

/** A parameter computed from the binding context. */
export class ParameterSlot {
  readonly label: string;
  readonly resolve: (context: BindingContext) => unknown;

  constructor(label: string, resolve: (context: BindingContext) => unknown) {
    this.label = label;
    this.resolve = resolve;
  }
}

/**
 * A session variable's value. It is an Array only because CASL validates that `$in` operands
 * are arrays while the ability is built with slots in place of values; it never reaches pg.
 */
export class SessionSlot extends Array<never> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  readonly sessionVariable: string;

  constructor(sessionVariable: string) {
    super();
    this.sessionVariable = sessionVariable;
  }
}

function sessionValue(slot: SessionSlot, context: BindingContext): unknown {
  const value = context.session.get(slot.sessionVariable);
  if (value === undefined) throw new AppError('BAD_REQUEST', `missing session variable ${slot.sessionVariable}`);
  return value;
}

/**
 * The session variables a statement's parameters read: exactly those referenced by the rules
 * it compiled (filters, checks, presets), so a request needs these and no others
 * (docs/data-layer.md#authentication). Sorted, each once.
 */
export function sessionVariablesOf(parameters: readonly unknown[]): string[] {
  const names = parameters.flatMap((parameter) =>
    parameter instanceof SessionSlot ? [parameter.sessionVariable] : [],
  );
  return [...new Set(names)].sort();
}

/**
 * A request's session values by lower-case name, as BindingContext holds them (a later key wins
 * over an earlier one that lower-cases the same). A loop rather than entries mapped into a Map:
 * it runs for every statement sent.
 */
export function sessionByName(session: SessionValues): Map<string, SessionValue> {
  const byName = new Map<string, SessionValue>();
  for (const name of Object.keys(session)) byName.set(name.toLowerCase(), session[name] as SessionValue);
  return byName;
}

/** The statement's parameters with every slot resolved. */
export function bindParameters(parameters: readonly unknown[], context: BindingContext): unknown[] {
  return parameters.map((parameter) => {
    if (parameter instanceof ParameterSlot) return parameter.resolve(context);
    if (parameter instanceof SessionSlot) return sessionValue(parameter, context);
    return parameter;
  });
}

/** How a parameter reads in golden files and logs: the slot's label, or the constant as JSON. */
export function describeParameter(parameter: unknown): string {
  if (parameter instanceof ParameterSlot) return parameter.label;
  if (parameter instanceof SessionSlot) return `session ${parameter.sessionVariable}`;
  return JSON.stringify(parameter);
}
