// What the doc-backed tests (the scope table, the cost weights) report when a page's table and the
// code disagree: one line per difference, naming the page, the line to edit and what to write
// there, so whoever added a root field sees where the docs need it without reading the test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './markdown-pages.ts';

/** One name the table lists, under the value of its row, at a 1-based line of the page. */
export interface DocumentedEntry {
  value: string;
  line: number;
}

export interface DocumentedTable {
  /** The page, from the repository root: `docs/identity.md`. */
  page: string;
  entries: Map<string, DocumentedEntry>;
  /** The line of the table's last row: where a new row goes. */
  lastLine: number;
}

/**
 * The rows of a markdown table between two markers of `page`, each as its 1-based line and text;
 * `rowPattern` picks the table's rows.
 */
export function tableRows(page: string, from: string, to: string, rowPattern: RegExp) {
  const lines = readFileSync(path.join(root, page), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.includes(from));
  const end = lines.findIndex((line, index) => index > start && line.includes(to));
  if (start < 0 || end < 0) throw new Error(`${page}: no section from "${from}" to "${to}"`);
  return lines
    .map((text, index) => ({ text, line: index + 1 }))
    .slice(start, end)
    .filter((row) => rowPattern.test(row.text));
}

/** Every difference between the documented table and what the code enforces, as an instruction. */
export function tableDrift(
  table: DocumentedTable,
  enforced: ReadonlyMap<string, string>,
  rowOf: (value: string) => string,
): string[] {
  const at = (line: number) => `${table.page}:${line}`;
  const rowLine = (value: string) => [...table.entries.values()].find((entry) => entry.value === value)?.line;
  const problems: string[] = [];
  for (const [name, value] of enforced) {
    const documented = table.entries.get(name);
    const existing = rowLine(value);
    const where = existing
      ? `${at(existing)}: add \`${name}\` to that row`
      : `${at(table.lastLine)}: add a row after this one: ${rowOf(value)}`;
    if (!documented) problems.push(`\`${name}\` is not documented; ${where}`);
    else if (documented.value !== value)
      problems.push(
        `${at(documented.line)}: \`${name}\` is documented as ${documented.value}, the code says ${value}; move it (${where})`,
      );
  }
  for (const [name, documented] of table.entries)
    if (!enforced.has(name))
      problems.push(`${at(documented.line)}: remove \`${name}\`: the code has no such root field`);
  return problems;
}
