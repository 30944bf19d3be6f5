// Named prepared statements on pool connections (docs/data-layer.md#prepared-statements): pg
// prepares a statement sent with a `name` on the connection it runs on, the first time that
// connection sees the name, and from then on sends only Bind/Execute, so PostgreSQL parses and
// plans it once per connection. A prepared statement lives as long as its connection and holds
// its plan in the server's memory, so each connection takes at most a bounded number of names: a
// statement beyond it runs unnamed, and the connection is closed when it goes back to the pool
// (the pool opens a fresh one, which learns the statements in use now). pg itself refuses a name
// sent again with a different text; the names given here are derived from the text.
import { createHash } from 'node:crypto';

/** Prepared statements one connection holds at most (each about 50–100 KB of server memory). */
export const maxPreparedStatementsPerConnection = 64;

interface Prepared {
  readonly names: Set<string>;
  /** A name did not fit: close the connection when it is released. */
  full: boolean;
}

const byConnection = new WeakMap<object, Prepared>();

/** The name a statement is prepared under: its text's SHA-256, so one name never stands for two texts. */
export function preparedStatementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/**
 * The name to send `name`'s statement under on `connection` (the pg client), or undefined when the
 * connection holds its maximum: the statement then runs unnamed and the connection is retired.
 */
export function nameOnConnection(
  connection: object,
  name: string,
  max = maxPreparedStatementsPerConnection,
): string | undefined {
  // DB_PREPARED_STATEMENTS=off: every statement unnamed, and no connection retires for it.
  if (max === 0) return undefined;
  let prepared = byConnection.get(connection);
  if (!prepared) {
    prepared = { names: new Set(), full: false };
    byConnection.set(connection, prepared);
  }
  if (prepared.names.has(name)) return name;
  if (prepared.names.size >= max) {
    prepared.full = true;
    return undefined;
  }
  prepared.names.add(name);
  return name;
}

/** Whether `connection` must be closed on release rather than kept (it ran out of names). */
export function isRetiring(connection: object): boolean {
  return byConnection.get(connection)?.full ?? false;
}
