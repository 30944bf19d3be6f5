// Runs one compiled root field for many bindings (subscribers) as one multiplexed statement
// (multiplexed-statement.ts, docs/data-layer.md#multiplexing) and answers each binding's outcome:
// its JSON text (and a stream's next cursor), or the error it alone would have met (a value the
// slot refuses, a list over its row bound). A statement without slots is the same for every
// binding and runs as it is, once.
import pgUtils from 'pg/lib/utils.js';
import { AppError } from '../../errors/app-error.ts';
import type { CompiledRootField } from './compiled-operation.ts';
import { clientErrorOf } from './database-errors.ts';
import { isSlot, type MultiplexedStatement } from './multiplexed-statement.ts';
import { bindParameters, sessionByName } from './parameter-slot.ts';
import type { RunBinding, StatementObserver } from './run-statement.ts';

/** One binding's result: the root field's JSON text and, for a stream, the cursor of its batch's last row (JSON text; null when empty). */
export type MultiplexedOutcome =
  { readonly value: string; readonly rows: number; readonly cursor: string | null } | { readonly error: unknown };

/** Sends a statement by name, its rows as text by position. */
export type TextRowsSender = (
  sql: string,
  parameters: readonly unknown[],
  name: string | undefined,
) => Promise<readonly (readonly (string | null)[])[]>;

function bound(statement: CompiledRootField, binding: RunBinding): unknown[] | { error: unknown } {
  const session = sessionByName(binding.session);
  try {
    return bindParameters(statement.parameters, { session, variables: binding.variables });
  } catch (error) {
    return { error };
  }
}

/** A result row's columns after the subscriber's ordinal: value, row_count (lists), cursor (streams). */
function outcomeOf(statement: CompiledRootField, columns: readonly (string | null)[]): MultiplexedOutcome {
  const [value, rowCount, cursor] = columns;
  const rows = Number(rowCount ?? 0);
  if (statement.maxRows !== null && rows > statement.maxRows)
    return {
      error: new AppError(
        'BAD_REQUEST',
        `'${statement.alias}' would return more than ${statement.maxRows} rows; pass a limit (at most ${statement.maxRows}) and page with offset`,
      ),
    };
  return { value: value ?? 'null', rows, cursor: cursor ?? null };
}

export async function runMultiplexed(
  send: TextRowsSender,
  statement: CompiledRootField,
  multiplexed: () => Promise<MultiplexedStatement>,
  bindings: readonly RunBinding[],
  onStatement: StatementObserver | undefined,
): Promise<MultiplexedOutcome[]> {
  const parameters = bindings.map((binding) => bound(statement, binding));
  const outcomes: MultiplexedOutcome[] = parameters.map((bound) => ('error' in bound ? bound : { error: null }));
  const live = parameters.flatMap((bound, index) => (Array.isArray(bound) ? [{ bound, index }] : []));
  if (live.length === 0) return outcomes;
  try {
    if (!statement.parameters.some(isSlot)) {
      onStatement?.(statement.sql, live[0]!.bound, statement.name);
      const [row] = await send(statement.sql, live[0]!.bound, statement.name);
      const outcome = outcomeOf(statement, row ?? []);
      for (const { index } of live) outcomes[index] = outcome;
      return outcomes;
    }
    const shape = await multiplexed();
    const arrays = shape.slots.map((slot) => live.map(({ bound }) => textOf(bound[slot])));
    const sent = [...arrays, ...shape.constants];
    onStatement?.(shape.sql, sent, statement.name);
    const rows = await send(shape.sql, sent, shape.name);
    for (const row of rows) {
      const entry = live[Number(row[0]) - 1];
      if (entry) outcomes[entry.index] = outcomeOf(statement, row.slice(1));
    }
    return outcomes;
  } catch (error) {
    const refused = clientErrorOf(error) ?? error;
    for (const { index } of live) outcomes[index] = { error: refused };
    return outcomes;
  }
}

/** A bound value as pg would send it, as text: arrays as array literals, objects as JSON. */
function textOf(value: unknown): string | null {
  const text = pgUtils.prepareValue(value);
  return Buffer.isBuffer(text) ? text.toString() : text;
}
