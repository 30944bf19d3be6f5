// A trade's settlement at the custodian (docs/trading.md#at-the-custodian), through the real
// service, the custody simulator over loopback HTTP (which the test plays the desk at, as it plays
// deposits) and the OTC price source: a BUY of BTC with USD settles into a custody wallet in the
// journal; the desk's transfer into that wallet at the custodian, naming the trade's leg, is stored
// by the next sync and posts nothing, so the journal equals the custodian's books; a second
// transfer claiming the same leg, or one whose amount is not the leg's, posts as the deposit it is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { assertJournalBalanced } from '../support/journal-balance.ts';
import { startCustodyFake } from '../support/provider-fakes/custody-fake.ts';
import { custodyMutation, custodyScopes, linkedWallet } from './support/custody-fixtures.ts';
import { approveKyc, aurora, requestQuote, startOtcPriceSource, untilPricesStored } from './support/otc-fixtures.ts';

const custody = await startCustodyFake();
const api = await startBusinessApi({ seed: 'demo', providers: [custody, await startOtcPriceSource()] });
await untilPricesStored(api);
const keys = await api.keys({
  trader: { organization: aurora, scopes: ['trading', 'read'], owner: 'demo-bob' },
  alice: { organization: aurora, scopes: custodyScopes, owner: 'demo-alice' },
});
await approveKyc(api, 'demo-bob');
test.after(() => api.close());

const control = custody.simulator.control;
const wallet = await linkedWallet(api, custody, { organizationId: aurora, owner: 'demo-alice' });
const sync = () => custodyMutation(api, 'sync', keys.alice, { walletId: wallet.walletId });

/** [posted, available] of the wallet's BTC account in the journal, base units. */
async function journalBtc(): Promise<[bigint, bigint]> {
  const [row] = await api.rows(
    `SELECT (credits_posted - debits_posted)::text AS posted, (credits_posted - debits_posted - debits_pending)::text AS available
     FROM ledger_account WHERE kind = 'wallet' AND wallet_id = $1 AND asset = 'BTC'`,
    [wallet.walletId],
  );
  return row ? [BigInt(row.posted), BigInt(row.available)] : [0n, 0n];
}

/** [confirmed, spendable] at the custodian, base units. */
async function custodianBtc(): Promise<[bigint, bigint]> {
  const { balances } = await custody.client.getWalletBalances('btc', wallet.custodian.id);
  const btc = balances.find((balance) => balance.coin === 'btc');
  return [BigInt(btc?.confirmedBalance ?? 0), BigInt(btc?.spendableBalance ?? 0)];
}

const deskTransfer = (tradeId: string, amount: string) =>
  control.settleDeskTrade({
    walletId: wallet.custodian.id,
    coin: 'btc',
    amount,
    type: 'receive',
    sequenceId: `otc-trade:${tradeId}:leg2`,
  });

test('the desk delivers a settled leg at the custodian; the sync stores it and posts nothing; impostors post as deposits', async () => {
  const quoted = await requestQuote(api, keys.trader, {
    fromCurrency: 'USD',
    toCurrency: 'BTC',
    side: 'BUY',
    size: 0.001,
  });
  assert.ok(quoted.success, JSON.stringify(quoted));
  const traded = expectBody(
    await api.graphql(
      `mutation ($input: RequestOtcTradeInput!) { requestOtcTrade(input: $input) { success errors { code } trade { id status } } }`,
      { input: { quoteId: quoted.quote.id, toWalletId: wallet.walletId } },
      { key: keys.trader },
    ),
  ).data.requestOtcTrade;
  assert.equal([traded.success, traded.trade.status], [true, 'SETTLED']);
  const tradeId = traded.trade.id as string;
  assert.equal(await journalBtc(), [100_000n, 100_000n], 'the trade credited 0.001 BTC in the journal');
  assert.equal(await custodianBtc(), [0n, 0n], 'nothing at the custodian until the desk delivers');

  const delivered = deskTransfer(tradeId, '100000');
  assert.ok((await sync()).success);
  assert.equal(await journalBtc(), [100_000n, 100_000n], 'the delivery posts nothing more');
  assert.equal(await custodianBtc(), await journalBtc(), 'the journal equals the custodian');
  assert.equal(await api.rows(`SELECT id FROM ledger_transfer WHERE id LIKE $1`, [`%${delivered.id}%`]), []);

  const twice = deskTransfer(tradeId, '100000');
  const wrongAmount = deskTransfer(tradeId, '99999');
  assert.ok((await sync()).success);
  assert.equal(
    (
      await api.rows(
        `SELECT id, amount::text AS amount FROM ledger_transfer WHERE id IN ($1, $2) ORDER BY ledger_transfer.amount`,
        [`deposit:${twice.id}`, `deposit:${wrongAmount.id}`],
      )
    ).map((row) => [row.id, row.amount]),
    [
      [`deposit:${wrongAmount.id}`, '99999'],
      [`deposit:${twice.id}`, '100000'],
    ],
    'a second claim of the leg and a transfer of another amount post as deposits',
  );
  assert.equal(await custodianBtc(), await journalBtc(), 'and the journal still equals the custodian');
  await assertJournalBalanced(api);
});

test.run();
