// What the money property test's steps and checks share (docs/ledger.md#how-it-is-tested): the
// service and its fakes with the callers' keys, one sequence's wallets, and the test's own record
// of what each book should hold, which the steps keep and the checks read. Custody wallets are
// held at the custodian simulator; trading wallets are the platform's only (no custodian wallet),
// funded by an opening deposit, and pay every trade; a custody wallet receives from trades, and
// the desk delivers what it receives at the custodian too (docs/trading.md#at-the-custodian).
import { demoOrganizationIds } from '../../../src/db/seed/demo-organizations.ts';
import { denyFromScore, simulatedRisk } from '../../../src/providers/aml/aml-simulator.ts';
import type { BusinessApiClient, CallerKey } from '../../support/business-api-client.ts';
import type { CustodyFake } from '../../support/provider-fakes/custody-fake.ts';
import type { ManualClock } from '../../providers/custody/support/custody-harness.ts';
import { linkedWallet } from './custody-fixtures.ts';

export const aurora = demoOrganizationIds.aurora;
/** The owner of every wallet a sequence opens, whose `digitalAssetsByUserId` the checks read. */
export const walletOwner = 'demo-alice';

export interface MoneyWorld {
  api: BusinessApiClient;
  custody: CustodyFake;
  /** The AML simulator's clock: a screening's review completes once it has moved on. */
  amlClock: ManualClock;
  keys: {
    /** Sends (custody), screens and reads, for Aurora: demo-alice and demo-frank (who approves). */
    alice: CallerKey;
    frank: CallerKey;
    /** Trades for Aurora as demo-bob, whose KYC is GREEN. */
    trader: CallerKey;
    /** Unfreezes: the platform administrator. */
    admin: CallerKey;
    /** Deals in Northbridge's funds: demo-peggy, the fund signatory. */
    signatory: CallerKey;
  };
}

/** Custody wallets by index: 0 BTC (its AML screening is denied), 1 BTC (one approval), 2 ETH sending USDC. */
export type WalletIndex = 0 | 1 | 2;
export const custodyIndexes = [0, 1, 2] as const;
export const sentCoin = ['BTC', 'BTC', 'USDC'] as const;
export const heldCoins = [['BTC'], ['BTC'], ['ETH', 'USDC']] as const;
/** The custody wallet a trade's coin settles into when it goes to custody. */
export const custodyWalletOf = { BTC: 0, ETH: 2 } as const satisfies Record<string, WalletIndex>;

/** Sends on their way (signed at the custodian), oldest first, for `confirm` and `fail`. */
export type OpenSends = { transferId: string; wallet: WalletIndex }[];

export interface Sequence {
  number: number;
  /** Database ids of the custody wallets, by index. */
  ids: number[];
  custodianIds: string[];
  /** Trading wallets by coin. */
  trading: { BTC: number; ETH: number };
  open: OpenSends;
  /** Whether wallet 0 stands frozen by its denied screening. */
  frozen: boolean;
  /**
   * Base units each trading wallet's trades moved, by `walletId:coin`, from the trades' answers:
   * its change since funding (a custody wallet's trades are at the custodian too).
   */
  traded: Map<string, bigint>;
}

/** What each trading wallet is funded with at the start of a sequence, base units. */
export const tradingFunds = { BTC: 10_000_000n, ETH: 2_000_000_000_000_000_000n } as const;

export const tradedKey = (walletId: number, coin: string) => `${walletId}:${coin}`;

export function addTraded(sequence: Sequence, walletId: number, coin: string, amount: bigint): void {
  const key = tradedKey(walletId, coin);
  sequence.traded.set(key, (sequence.traded.get(key) ?? 0n) + amount);
}

/** The custody wallets and the trading wallets of a new sequence. */
export async function openSequence(world: MoneyWorld, number: number): Promise<Sequence> {
  const opened = [await deniableWallet(world)];
  for (const [coin, approvalsRequired] of [
    ['BTC', 1],
    ['ETH', 0],
  ] as const)
    opened.push(
      await linkedWallet(world.api, world.custody, {
        organizationId: aurora,
        owner: walletOwner,
        coin,
        approvalsRequired,
      }),
    );
  return {
    number,
    ids: opened.map((w) => w.walletId),
    custodianIds: opened.map((w) => w.custodian.id),
    trading: { BTC: await tradingWallet(world, 'BTC', number), ETH: await tradingWallet(world, 'ETH', number) },
    open: [],
    frozen: false,
    traded: new Map(),
  };
}

/** A BTC custody wallet whose custodian id the AML simulator rates High or Severe (denied). */
async function deniableWallet(world: MoneyWorld) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const wallet = await linkedWallet(world.api, world.custody, { organizationId: aurora, owner: walletOwner });
    const risk = simulatedRisk({ coin: 'BTC', subject: { type: 'custodianWallet', id: wallet.custodian.id } });
    if (risk.riskScore >= denyFromScore) return wallet;
  }
  throw new Error('the AML simulator rated no new wallet High or Severe');
}

/** A wallet of the platform's books only, funded by an opening deposit (docs/ledger.md#wallet-holdings). */
async function tradingWallet(world: MoneyWorld, coin: 'BTC' | 'ETH', number: number): Promise<number> {
  const [{ id }] = await world.api.rows(
    `INSERT INTO digital_wallet (organization_id, owner_user_id, label, coin, wallet_type, created_by)
     VALUES ($1, $2, $3, $4, 'custodial', $2) RETURNING id`,
    [aurora, walletOwner, `trading ${coin} ${number}`, coin],
  );
  const whole = coin === 'BTC' ? '0.1' : '2';
  await world.api.rows(`SELECT ledger_deposit($1, $2, $3::numeric, $4)`, [id, coin, whole, `test:money-${coin}-${id}`]);
  return id;
}
