// A statement whose result columns its caller knows by position, run without Describe
// (docs/data-layer.md#prepared-statements). pg's own Query asks PostgreSQL to describe the portal
// on every execution, then parses the RowDescription that comes back to name each column and
// pick its parser: about a twentieth of the data layer's main-thread work per request
// (docs/benchmarks-log.md#no-describe-and-one-metric-lookup-2026-12-01-late), and a message
// PostgreSQL builds each time. This sends Parse (once per connection for a named statement),
// Bind, Execute and Sync, and answers each row's fields as PostgreSQL's text, null for SQL NULL.
// pg's Client runs it the way it runs pg-cursor: a "submittable", an object with `submit` and the
// `handle…` callbacks the Client calls as the server's messages arrive.
import pgUtils from 'pg/lib/utils.js';

/** One row: each column's text, in the statement's column order; null for SQL NULL. */
export type TextRow = readonly (string | null)[];

/** The part of pg's Connection (pg/lib/connection.js) a submittable writes to. */
interface ProtocolConnection {
  readonly stream: { cork?(): void; uncork?(): void };
  readonly parsedStatements: Record<string, string>;
  readonly submittedNamedStatements: Record<string, string>;
  parse(message: { text: string; name?: string }): void;
  bind(message: { statement?: string; values: unknown[] }): void;
  execute(message: object): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

type Callback = (error: Error | null, rows?: TextRow[]) => void;

export class TextRowsQuery {
  /** Read by pg's Client: a failed statement's name is forgotten on its connection. */
  readonly name: string | undefined;
  readonly text: string;
  /** Called once. */
  readonly callback: Callback;
  private readonly values: readonly unknown[];
  private readonly received: TextRow[] = [];
  private answered = false;

  constructor(text: string, values: readonly unknown[], name: string | undefined, callback: Callback) {
    this.text = text;
    this.values = values;
    this.name = name;
    this.callback = callback;
  }

  /** Writes the statement; an Error returned instead is given back to handleError by the Client. */
  submit(connection: ProtocolConnection): Error | null {
    const name = this.name;
    const known =
      name === undefined ? undefined : (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name]);
    if (known !== undefined && known !== this.text)
      return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    let values: unknown[];
    try {
      // Mapped before anything is written, as pg maps them (arrays, JSON, dates): a value that
      // cannot be sent fails the statement with nothing sent.
      values = this.values.map((value) => pgUtils.prepareValue(value));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
    connection.stream.cork?.();
    try {
      if (known === undefined) {
        connection.parse({ text: this.text, name });
        if (name !== undefined) connection.submittedNamedStatements[name] = this.text;
      }
      connection.bind({ statement: name, values });
      connection.execute({});
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleDataRow(message: { fields: TextRow }): void {
    this.received.push(message.fields);
  }

  handleError(error: Error): void {
    this.answer(error);
  }

  handleReadyForQuery(): void {
    this.answer(null);
  }

  /** A statement that reads COPY data is refused, as pg's Query refuses one without a stream. */
  handleCopyInResponse(connection: ProtocolConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  // Nothing to do: the rows are complete at ReadyForQuery, there is no Describe to answer, and
  // Execute asks for every row, so no portal is suspended.
  handleRowDescription(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  private answer(error: Error | null): void {
    if (this.answered) return;
    this.answered = true;
    if (error) this.callback(error);
    else this.callback(null, this.received);
  }
}
