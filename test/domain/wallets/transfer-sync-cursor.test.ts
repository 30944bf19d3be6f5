// The sync cursor (src/domain/wallets/transfer-sync-cursor.ts): what it encodes comes back as it
// was, and anything else, or a cursor of another wallet, is VALIDATION_FAILED on `cursor`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UserFailure } from '../../../src/domain/outcomes/user-failure.ts';
import { decodeSyncCursor, encodeSyncCursor } from '../../../src/domain/wallets/transfer-sync-cursor.ts';

const run = {
  startedAt: new Date('2026-03-02T09:00:00.000Z'),
  dateGte: new Date('2026-03-01T08:55:00.000Z'),
  prevId: 'ab'.repeat(16),
};

test('a cursor decodes to the run it was made from, for its wallet only', () => {
  assert.equal(decodeSyncCursor(encodeSyncCursor(7, run), 7), run);
  assert.equal(decodeSyncCursor(encodeSyncCursor(7, { ...run, dateGte: null }), 7), { ...run, dateGte: null });
  assert.throws(
    () => decodeSyncCursor(encodeSyncCursor(7, run), 8),
    (error: unknown) => error instanceof UserFailure,
  );
});

test('anything else is refused', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const shapes = [
    'not base64url!',
    encode([1]),
    encode({ w: 7, p: 'XYZ', d: null, s: run.startedAt.toISOString() }),
    encode({ w: 7, p: run.prevId, d: 'yesterday', s: run.startedAt.toISOString() }),
    encode({ w: 7, p: run.prevId, d: null, s: '2026-02-30T00:00:00.000Z' }),
    encode({ w: '7', p: run.prevId, d: null, s: run.startedAt.toISOString() }),
  ];
  for (const cursor of shapes) {
    try {
      decodeSyncCursor(cursor, 7);
      assert.unreachable(cursor);
    } catch (error) {
      assert.instance(error, UserFailure);
      assert.equal((error as UserFailure).errors, [
        {
          code: 'VALIDATION_FAILED',
          message: 'cursor is not a cursor this service handed out for this wallet',
          field: ['cursor'],
        },
      ]);
    }
  }
});

test.run();
