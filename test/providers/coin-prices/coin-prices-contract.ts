// The coin prices port's contract (docs/providers.md#coin-prices), run against every
// implementation: the simulator in process, and the HTTP client talking to the simulator served
// over loopback. The same clock gives the same quotes, digit for digit, in both.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import type { CoinPriceQuote, CoinPricesProvider } from '../../../src/providers/coin-prices/coin-prices-provider.ts';

export interface ContractSubject {
  provider: CoinPricesProvider;
  /** Moves the clock the simulator behind `provider` reads. */
  setNow(time: Date): void;
  close(): Promise<void>;
}

/** The simulator is built with `extraSymbols: ['PEPE']` and steps of a minute. */
export type MakeSubject = () => Promise<ContractSubject>;

export const contractTime = new Date('2026-01-15T10:30:20.000Z');

/**
 * The simulator's quotes at contractTime: the simulated market of seed 1 at the start of the minute
 * (docs/market-data.md#the-simulated-market: ±2 % around the demo prices, ±0.05 % for stablecoins).
 */
export const expectedAtContractTime: Record<'BTC' | 'ETH' | 'USDT' | 'PEPE', CoinPriceQuote> = {
  BTC: {
    symbol: 'BTC',
    name: 'Bitcoin',
    usdPrice: '93164.3341125688',
    marketCapUsd: '1844910790188.58',
    marketCapRank: 1,
    updatedAt: new Date('2026-01-15T10:30:00.000Z'),
  },
  ETH: {
    symbol: 'ETH',
    name: 'Ether',
    usdPrice: '3389.0490538891',
    marketCapUsd: '408135261479.85',
    marketCapRank: 2,
    updatedAt: new Date('2026-01-15T10:30:00.000Z'),
  },
  USDT: {
    symbol: 'USDT',
    name: 'Tether USD',
    usdPrice: '0.99956944612',
    marketCapUsd: '139169356933.06',
    marketCapRank: 3,
    updatedAt: new Date('2026-01-15T10:30:00.000Z'),
  },
  PEPE: {
    symbol: 'PEPE',
    name: 'PEPE',
    usdPrice: '14.255439156585',
    marketCapUsd: '76594474588.33',
    marketCapRank: 176,
    updatedAt: new Date('2026-01-15T10:30:00.000Z'),
  },
};

export function coinPricesContract(name: string, makeSubject: MakeSubject): void {
  const it = suite<{ subject?: ContractSubject }>(`coin prices contract: ${name}`, {});

  it.before.each(async (context) => {
    context.subject = await makeSubject();
    context.subject.setNow(contractTime);
  });
  it.after.each(async (context) => {
    await context.subject?.close();
  });

  it('prices the known symbols in the order asked, case-insensitively, each once; unknown ones are left out', async ({
    subject,
  }) => {
    const quotes = await subject!.provider.listPrices(['eth', 'BTC', 'nope', 'btc', ' usdt ', 'Pepe']);
    assert.equal(quotes, [
      expectedAtContractTime.ETH,
      expectedAtContractTime.BTC,
      expectedAtContractTime.USDT,
      expectedAtContractTime.PEPE,
    ]);
  });

  it('no symbols, or only unknown ones, give an empty list', async ({ subject }) => {
    assert.equal(await subject!.provider.listPrices([]), []);
    assert.equal(await subject!.provider.listPrices(['NOPE', 'ZZZ9']), []);
  });

  it('prices move with the clock, once a step, and updatedAt is the start of the step', async ({ subject }) => {
    subject!.setNow(new Date('2026-01-15T10:30:59.999Z'));
    assert.equal(await subject!.provider.listPrices(['BTC']), [expectedAtContractTime.BTC]);
    subject!.setNow(new Date('2026-01-15T10:31:00.000Z'));
    const [next] = await subject!.provider.listPrices(['BTC']);
    assert.equal(next, {
      ...expectedAtContractTime.BTC,
      usdPrice: '93203.40172981',
      marketCapUsd: '1845684436769.99',
      updatedAt: new Date('2026-01-15T10:31:00.000Z'),
    });
  });

  it('a symbol that cannot be one is BAD_REQUEST naming it', async ({ subject }) => {
    try {
      await subject!.provider.listPrices(['BTC', 'b-t-c', '']);
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, AppError);
      assert.is((error as AppError).code, 'BAD_REQUEST');
      assert.is((error as AppError).message, 'not a coin symbol (1 to 15 letters or digits): "b-t-c", ""');
    }
  });

  it.run();
}
