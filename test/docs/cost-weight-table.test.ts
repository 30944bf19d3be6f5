// The weights table of docs/api-limits.md#the-weights says exactly what
// src/graphql/operation-cost/field-weights.ts charges: every root field once, with its points,
// its refresh points, its page and its selection cap. A difference names the line of the page to
// edit and what to write (doc-table-drift.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FieldWeight, nestedListPages, rootFieldWeights } from '../../src/graphql/operation-cost/field-weights.ts';
import { type DocumentedTable, tableDrift, tableRows } from './doc-table-drift.ts';

const page = 'docs/api-limits.md';
const rowPattern = /^\| (`\w+`.*?) \| (\d+)[^|]* \| (\d+|—)[^|]* \| ([^|]+) \| (\d+) \|$/;

/** `cost/refresh/page maximum/cap` of each field the table names, with the row's line. */
function documentedWeights(): DocumentedTable {
  const rows = tableRows(page, '## The weights', 'Worked examples', rowPattern);
  const entries = new Map<string, { value: string; line: number }>();
  for (const { text, line } of rows) {
    const row = rowPattern.exec(text)!;
    const pageMaximum = row[4]!.match(/at most (\d+)/)?.[1] ?? '—';
    for (const field of row[1]!.matchAll(/`(\w+)`/g)) {
      assert.not.ok(entries.has(field[1]!), `${page}:${line}: ${field[1]} is listed twice`);
      entries.set(field[1]!, { value: `${row[2]}/${row[3]}/${pageMaximum}/${row[5]}`, line });
    }
  }
  return { page, entries, lastLine: rows.at(-1)!.line };
}

/** Root fields whose page is a list of the type they return (nestedListPages), by that type. */
const nestedPageOwners: Record<string, string> = { digitalWalletDetailById: 'DigitalWalletDetail' };

function charged(field: string, weight: FieldWeight): string {
  const nested = nestedPageOwners[field];
  const pageMaximum = weight.page?.maximum ?? (nested ? Object.values(nestedListPages[nested]!)[0]!.maximum : '—');
  return `${weight.cost}/${weight.refreshCost ?? '—'}/${pageMaximum}/${weight.maxSelections}`;
}

test('every root field is in the table with the weights the guard charges, and nothing else is', () => {
  const enforced = new Map<string, string>();
  for (const fields of Object.values(rootFieldWeights))
    for (const [field, weight] of Object.entries(fields as Record<string, FieldWeight>))
      enforced.set(field, charged(field, weight));
  const row = (weights: string) => {
    const [cost, refresh, pageMaximum, cap] = weights.split('/');
    return `| \`<field>\` | ${cost} | ${refresh} | ${pageMaximum === '—' ? '—' : `at most ${pageMaximum}`} | ${cap} |`;
  };
  assert.equal(tableDrift(documentedWeights(), enforced, row), []);
});

test.run();
