// The weights table of docs/api-limits.md#the-weights says exactly what
// src/graphql/operation-cost/field-weights.ts charges: every root field once, with its points,
// its refresh points, its page and its selection cap.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FieldWeight, nestedListPages, rootFieldWeights } from '../../src/graphql/operation-cost/field-weights.ts';

const doc = readFileSync(new URL('../../docs/api-limits.md', import.meta.url), 'utf8');

/** `cost/refresh/page maximum/cap` of each field the table names. */
function documentedWeights(): Record<string, string> {
  const section = doc.slice(doc.indexOf('## The weights'), doc.indexOf('Worked examples'));
  const weights: Record<string, string> = {};
  for (const row of section.matchAll(/^\| (`\w+`.*?) \| (\d+)[^|]* \| (\d+|—)[^|]* \| ([^|]+) \| (\d+) \|$/gm)) {
    const page = row[4]!.match(/at most (\d+)/)?.[1] ?? '—';
    for (const field of row[1]!.matchAll(/`(\w+)`/g)) {
      assert.not.ok(field[1]! in weights, `${field[1]} is listed twice`);
      weights[field[1]!] = `${row[2]}/${row[3]}/${page}/${row[5]}`;
    }
  }
  return weights;
}

/** Root fields whose page is a list of the type they return (nestedListPages), by that type. */
const nestedPageOwners: Record<string, string> = { digitalWalletDetailById: 'DigitalWalletDetail' };

function charged(field: string, weight: FieldWeight): string {
  const nested = nestedPageOwners[field];
  const page = weight.page?.maximum ?? (nested ? Object.values(nestedListPages[nested]!)[0]!.maximum : '—');
  return `${weight.cost}/${weight.refreshCost ?? '—'}/${page}/${weight.maxSelections}`;
}

test('every root field is in the table with the weights the guard charges, and nothing else is', () => {
  const enforced: Record<string, string> = {};
  for (const fields of Object.values(rootFieldWeights))
    for (const [field, weight] of Object.entries(fields as Record<string, FieldWeight>))
      enforced[field] = charged(field, weight);
  assert.equal(documentedWeights(), enforced);
});

test.run();
