// The money property test's OTC trades (docs/trading.md#settlement): a quote, then requestOtcTrade
// naming the paying trading wallet and the receiving wallet (a custody wallet or the other trading
// wallet; USD settles off the platform). The outcome is predicted before the call: a frozen
// receiving wallet is INVALID_STATE, a paying wallet whose journal balance is short of the amount
// INSUFFICIENT_BALANCE, anything else SETTLED with the quote's figures; five concurrent requests
// of one quote make at most one trade and post its two legs once. A coin received into a custody
// wallet is then delivered there by the desk, which the test plays at the custodian simulator as it
// plays deposits (docs/trading.md#at-the-custodian): a transfer naming the trade's leg, which the
// next sync recognizes and posts nothing for, so the custodian's books follow the journal's exactly.
import * as assert from 'uvu/assert';
import { expectBody } from '../../support/graphql-answer.ts';
import { requestQuote } from './otc-fixtures.ts';
import { addTraded, custodyWalletOf, type MoneyWorld, type Sequence } from './money-world.ts';
import { sync } from './money-custody-steps.ts';
import { baseUnits, journalFigures } from './money-journal.ts';

/** The trades a step picks from: who pays what, in which size unit. */
export const tradeKinds = [
  { side: 'BUY', from: 'BTC', to: 'ETH', sizeUnit: '0.05' },
  { side: 'SELL', from: 'ETH', to: 'BTC', sizeUnit: '0.05' },
  { side: 'BUY', from: 'USD', to: 'BTC', sizeUnit: '0.001' },
  { side: 'SELL', from: 'BTC', to: 'USD', sizeUnit: '0.001' },
] as const;

export interface TradeStep {
  trade: 0 | 1 | 2 | 3;
  /** The size in size units (1 to 40). */
  size: number;
  /** Whether a coin received goes to the custody wallet of the coin, or to the trading wallet. */
  intoCustody: boolean;
  /** Five concurrent requests of the quote instead of one. */
  concurrent: boolean;
}

const decimalsOf: Record<string, number> = { BTC: 8, ETH: 18, USD: 2 };

const execute = `mutation ($input: RequestOtcTradeInput!) {
  requestOtcTrade(input: $input) { success errors { code message field }
    trade { id status fromAmount toAmount fromLeg { currency amount walletId } toLeg { currency amount walletId } } }
}`;

/** `count` size units as a decimal: 3 × 0.05 → "0.15". */
function sizeOf(unit: string, count: number): string {
  const places = unit.split('.')[1]!.length;
  const units = BigInt(unit.replace('.', '')) * BigInt(count);
  const text = units.toString().padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`.replace(/\.?0+$/, '');
}

function receivingWallet(sequence: Sequence, coin: string, intoCustody: boolean): number | undefined {
  if (coin === 'USD') return undefined;
  const held = coin as 'BTC' | 'ETH';
  return intoCustody ? sequence.ids[custodyWalletOf[held]] : sequence.trading[held];
}

type Expected = { code: string; field: string } | { settles: true };

async function expectedOutcome(world: MoneyWorld, sequence: Sequence, step: TradeStep, pays: bigint) {
  const kind = tradeKinds[step.trade];
  if (kind.to === 'BTC' && step.intoCustody && sequence.frozen) return { code: 'INVALID_STATE', field: 'toWalletId' };
  if (kind.from !== 'USD') {
    const payer = await journalFigures(world.api, sequence.trading[kind.from], kind.from);
    if (payer.available < pays) return { code: 'INSUFFICIENT_BALANCE', field: 'fromWalletId' };
  }
  return { settles: true } as const;
}

/**
 * The desk's side of a leg received into a custody wallet: a transfer into it at the custodian
 * naming the trade's leg; the sync that stores it must leave the journal as the trade left it.
 */
async function deliverAtCustodian(
  world: MoneyWorld,
  sequence: Sequence,
  tradeId: string,
  coin: 'BTC' | 'ETH',
  amount: bigint,
) {
  const index = custodyWalletOf[coin];
  const walletId = sequence.ids[index]!;
  const before = await journalFigures(world.api, walletId, coin);
  world.custody.simulator.control.settleDeskTrade({
    walletId: sequence.custodianIds[index]!,
    coin: coin.toLowerCase(),
    amount: amount.toString(),
    type: 'receive',
    sequenceId: `otc-trade:${tradeId}:leg2`,
  });
  await sync(world, walletId);
  assert.equal(await journalFigures(world.api, walletId, coin), before, 'the desk settlement posts nothing more');
}

/** Runs the trade; what came of it (`SETTLED`, `SETTLED at the custodian` when the desk delivered there, or the refusal's code). */
export async function trade(world: MoneyWorld, sequence: Sequence, step: TradeStep): Promise<string> {
  const kind = tradeKinds[step.trade];
  const size = sizeOf(kind.sizeUnit, step.size);
  const quoted = await requestQuote(world.api, world.keys.trader, {
    fromCurrency: kind.from,
    toCurrency: kind.to,
    side: kind.side,
    size,
  });
  assert.ok(quoted.success, JSON.stringify(quoted));
  const total = quoted.quote.total as string;
  const [fromAmount, toAmount] = kind.side === 'BUY' ? [total, size] : [size, total];
  const expected: Expected = await expectedOutcome(
    world,
    sequence,
    step,
    baseUnits(fromAmount, decimalsOf[kind.from]!),
  );
  const input = {
    quoteId: quoted.quote.id,
    ...(kind.from === 'USD' ? {} : { fromWalletId: sequence.trading[kind.from] }),
    ...(kind.to === 'USD' ? {} : { toWalletId: receivingWallet(sequence, kind.to, step.intoCustody) }),
  };
  const answers = await Promise.all(
    Array.from(
      { length: step.concurrent ? 5 : 1 },
      async () =>
        expectBody(await world.api.graphql(execute, { input }, { key: world.keys.trader })).data.requestOtcTrade,
    ),
  );
  if ('code' in expected) {
    for (const answer of answers)
      assert.equal(
        answer.errors.map((error: any) => [error.code, error.field]),
        [[expected.code, [expected.field]]],
      );
    return expected.code;
  }
  const made = answers.filter((answer) => answer.success);
  assert.is(made.length, 1, JSON.stringify(answers));
  const settled = made[0].trade;
  for (const lost of answers.filter((answer) => !answer.success))
    assert.equal([lost.errors[0].code, lost.trade.id], ['QUOTE_ALREADY_EXECUTED', settled.id]);
  const toWalletId = receivingWallet(sequence, kind.to, step.intoCustody) ?? null;
  const fromWalletId = kind.from === 'USD' ? null : sequence.trading[kind.from];
  assert.equal(
    [settled.status, settled.fromLeg, settled.toLeg],
    [
      'SETTLED',
      { currency: kind.from, amount: fromAmount, walletId: fromWalletId },
      { currency: kind.to, amount: toAmount, walletId: toWalletId },
    ],
  );
  const [{ legs }] = await world.api.rows(`SELECT count(*)::int AS legs FROM ledger_transfer WHERE linked_id = $1`, [
    `trade:${settled.id}`,
  ]);
  assert.is(legs, 2, 'a trade posts its two legs once');
  if (fromWalletId !== null)
    addTraded(sequence, fromWalletId, kind.from, -baseUnits(fromAmount, decimalsOf[kind.from]!));
  const received = kind.to === 'USD' ? 0n : baseUnits(toAmount, decimalsOf[kind.to]!);
  if (toWalletId === null) return 'SETTLED';
  if (!step.intoCustody) return (addTraded(sequence, toWalletId, kind.to, received), 'SETTLED');
  await deliverAtCustodian(world, sequence, settled.id, kind.to as 'BTC' | 'ETH', received);
  return 'SETTLED at the custodian';
}
