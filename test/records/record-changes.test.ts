// What a `records_changed` notification says (src/records/record-changes.ts;
// docs/caches.md#writes-from-every-path): the payloads migration 0016 sends, read as typed changes;
// `every` for a statement too large to name, a reconnect (no payload) and anything not understood.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRecordChange } from '../../src/records/record-changes.ts';

const org = '11111111-0000-4000-8000-000000000001';

test('a statement over rows names the table and what the rows belong to; absent lists are empty', () => {
  assert.equal(
    parseRecordChange(`{"table":"digital_wallet","wallets":[1,7],"organizations":["${org}"],"owners":["demo-alice"]}`),
    { kind: 'rows', table: 'digital_wallet', walletIds: [1, 7], organizationIds: [org], ownerUserIds: ['demo-alice'] },
  );
  assert.equal(parseRecordChange('{"table":"digital_wallet_address","wallets":[3]}'), {
    kind: 'rows',
    table: 'digital_wallet_address',
    walletIds: [3],
    organizationIds: [],
    ownerUserIds: [],
  });
  assert.equal(parseRecordChange('{"table" : "coin_price"}'), {
    kind: 'rows',
    table: 'coin_price',
    walletIds: [],
    organizationIds: [],
    ownerUserIds: [],
  });
});

test('every: a statement too large to name, a reconnect, and a payload not understood', () => {
  assert.equal(parseRecordChange('{"table":"digital_wallet","every":true}'), {
    kind: 'every',
    table: 'digital_wallet',
  });
  const unknown = { kind: 'every', table: null };
  for (const payload of [
    undefined,
    '',
    'not json',
    '[]',
    'null',
    '{"wallets":[1]}',
    '{"table":"digital_wallet","wallets":["1"]}',
    '{"table":"digital_wallet","wallets":[1.5]}',
    '{"table":"digital_wallet","wallets":1}',
    '{"table":"digital_wallet","wallets":[1],"organizations":[7]}',
    '{"table":"digital_wallet","wallets":[1],"owners":[null]}',
  ])
    assert.equal(parseRecordChange(payload), unknown, String(payload));
});

test.run();
