// What tells live queries that their tables changed (docs/data-layer.md#refresh): migration 0022's
// statement triggers notify `data_changed` with the table's name, and a compiled statement names
// the tables it reads in its FROM clauses (its root table, relationships, `where` through
// relationships and the role's rules over other tables alike: compile-*.ts write every table as
// `FROM "<table>" AS "<alias>"`).

/** The channel migration 0022's triggers notify on. */
export const dataChangedChannel = 'data_changed';

const fromTable = /\bFROM "([a-z_][a-z0-9_]*)" AS /g;

/** The tables a compiled data-layer statement reads, each once. */
export function tablesReadBy(statementSql: string): string[] {
  return [...new Set([...statementSql.matchAll(fromTable)].map((match) => match[1] as string))];
}
