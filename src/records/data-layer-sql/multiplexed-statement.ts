// One compiled root field run for many subscribers in ONE statement (docs/data-layer.md#multiplexing),
// Hasura's `_subs` design: the parameters that differ between subscribers (session values and
// GraphQL variables: the statement's slots) arrive as one text array each, unnested side by side
// WITH ORDINALITY, and the compiled statement runs once per row under CROSS JOIN LATERAL with each
// slot read from that row and cast to the type PostgreSQL inferred for it. Constants stay
// parameters, shared. The result rows carry the subscriber's ordinal, then the statement's own
// columns (`value`, `row_count`, `cursor`) in their order.
import { preparedStatementName } from '../../db/prepared-statement-names.ts';
import { describeParameter, ParameterSlot, SessionSlot } from './parameter-slot.ts';
import type { CompiledRootField } from './compiled-operation.ts';

export interface MultiplexedStatement {
  readonly sql: string;
  /** Its prepared statement's name, derived from the text (docs/data-layer.md#prepared-statements). */
  readonly name: string;
  /** The positions (0-based) of the statement's parameters that are slots, one array each. */
  readonly slots: readonly number[];
  /** The statement's constant parameters, bound after the arrays. */
  readonly constants: readonly unknown[];
}

const placeholder = /\$(\d+)\b/g;

export function isSlot(parameter: unknown): boolean {
  return parameter instanceof ParameterSlot || parameter instanceof SessionSlot;
}

/**
 * `statement` over unnested per-subscriber arrays. `parameterTypes` are the types PostgreSQL
 * infers for the statement's parameters, in order (parameter-types.ts): a slot's text is cast back
 * to its type, so the statement means exactly what it means for one caller.
 */
export function multiplexStatement(
  statement: CompiledRootField,
  parameterTypes: readonly string[],
): MultiplexedStatement {
  const slots: number[] = [];
  const constants: unknown[] = [];
  const renumbered = statement.parameters.map((parameter, index) => {
    if (isSlot(parameter)) {
      slots.push(index);
      return null;
    }
    constants.push(parameter);
    return constants.length;
  });
  const arrays = slots.length;
  const inner = statement.sql.replace(placeholder, (_whole, digits: string) => {
    const index = Number(digits) - 1;
    const constant = renumbered[index];
    if (constant === undefined) throw new Error(`statement has no parameter $${digits}`);
    if (constant !== null) return `$${arrays + constant}`;
    const type = parameterTypes[index];
    if (!type || !/^[a-z_][a-z0-9_ ]*(\[\])*$/.test(type))
      throw new Error(`unexpected type ${JSON.stringify(type)} for ${describeParameter(statement.parameters[index])}`);
    return `("s"."p${index + 1}"::${type})`;
  });
  const unnested = slots.map((_slot, position) => `$${position + 1}::text[]`).join(', ');
  const columns = [...slots.map((slot) => `"p${slot + 1}"`), '"subscriber"'].join(', ');
  const text = `SELECT "s"."subscriber", "r".* FROM unnest(${unnested}) WITH ORDINALITY AS "s"(${columns}) CROSS JOIN LATERAL (${inner}) AS "r"`;
  return {
    sql: text,
    name: preparedStatementName('dlmx', text),
    slots,
    constants,
  };
}
