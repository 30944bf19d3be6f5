// What a keyed request makes and its idempotency key's completion commit in one transaction
// (writeUnderClaim, src/records/idempotency/idempotency-key-table.ts; docs/idempotency.md#storage):
// a quote written under a pending claim completes it with the quote's id; a write that fails after
// its insert leaves neither the quote nor a completed key (the claim stays pending, as a process
// that died there leaves it); a claim another request took over (no
// longer pending) refuses the write with ClaimLost and nothing is stored.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ClaimLost,
  createIdempotencyKeyTable,
  writeUnderClaim,
} from '../../../src/records/idempotency/idempotency-key-table.ts';
import { createOtcQuoteTable, type NewOtcQuote } from '../../../src/records/trading/otc-quote-table.ts';
import { demoDatabase, organizations } from '../../access/support/demo-scopes.ts';

const demo = await demoDatabase();
const keys = createIdempotencyKeyTable(demo.db);
const quotes = createOtcQuoteTable(demo.db);
const now = new Date('2026-03-02T09:00:00Z');

test.after(() => demo.close());

const quote: NewOtcQuote = {
  organizationId: organizations.aurora,
  userId: 'demo-bob',
  productId: 'BTC-USD',
  fromCurrency: 'USD',
  toCurrency: 'BTC',
  side: 'BUY',
  quoteSize: '0.5',
  quoteFeePerc: '0.25',
  exchangeRate: '94250.12',
  total: '47242.88',
  expiresAt: new Date('2099-12-31T23:59:59Z'),
  createdAt: now,
};

async function claimKey(key: string) {
  const { claimed, row } = await keys.claim({
    organizationId: organizations.aurora,
    operation: 'requestOtcQuote',
    key,
    requestDigest: 'a'.repeat(64),
    now,
    expiredBefore: new Date(0),
  });
  assert.ok(claimed);
  return row;
}

const quoteCount = async () =>
  Number(
    (
      await demo.db
        .selectFrom('otc_quote')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

test('the quote and its key complete together', async () => {
  const claim = await claimKey('together');
  const stored = await quotes.insertQuote(quote, { id: claim.id, now });
  const row = await keys.find(claim.id);
  assert.equal([row?.state, row?.resultRef], ['completed', stored.id]);
});

test('a claim no longer pending refuses the write: ClaimLost, no quote stored', async () => {
  const claim = await claimKey('lost');
  assert.ok(await keys.fail(claim.id, now));
  const before = await quoteCount();
  try {
    await quotes.insertQuote(quote, { id: claim.id, now });
    assert.unreachable('a write under a lost claim was accepted');
  } catch (error) {
    assert.instance(error, ClaimLost);
  }
  assert.is(await quoteCount(), before);
  assert.is((await keys.find(claim.id))?.state, 'failed');
});

test('a write that fails after its insert leaves neither the quote nor a completed key', async () => {
  const claim = await claimKey('rolled-back');
  const before = await quoteCount();
  const failing = writeUnderClaim(
    demo.db,
    { id: claim.id, now },
    async (trx) => {
      // A copy of a demo quote under a new id.
      await sql`INSERT INTO otc_quote
        SELECT (jsonb_populate_record(q, jsonb_build_object('id', gen_random_uuid()))).* FROM otc_quote q LIMIT 1`.execute(
        trx,
      );
      assert.is(
        Number(
          (
            await trx
              .selectFrom('otc_quote')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        before + 1,
      );
      throw new Error('the process fails after the insert');
    },
    () => 'never',
  );
  const failure = await failing.then(
    () => null,
    (error: unknown) => error,
  );
  assert.match(String(failure), 'fails after the insert');
  assert.is(await quoteCount(), before);
  assert.is((await keys.find(claim.id))?.state, 'pending');
});

test.run();
