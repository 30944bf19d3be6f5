// The OTC desk a trade settles with (docs/trading.md#settlement). The platform's desk, a simulator
// of the counterparty, settles every trade at once: the legs post in the trade's own transaction
// and the trade answers SETTLED. A real desk that confirms later would leave the trade PENDING and
// settle it in a step of its own (`settleTrade` of src/records/trading/otc-trade-execution.ts), so
// the trade service asks the desk rather than assuming. Once a settled trade has committed, the
// desk moves each leg that touched a wallet at the custodian too (docs/trading.md#at-the-custodian),
// naming the leg in the custodian's `sequenceId`, so the custodian's books follow the journal's.
import type { TradeLegName } from '../../records/trading/desk-settlement-ids.ts';

/** One leg of a settled trade in a wallet of the platform: what the custodian must move. */
export interface DeskDelivery {
  tradeId: string;
  leg: TradeLegName;
  walletId: number;
  /** The coin, as the journal names it (`BTC`, `USDC`). */
  asset: string;
  /** Base units of `asset`. */
  amount: bigint;
  /** `send`: the client pays out of the wallet (leg1); `receive`: it is paid into it (leg2). */
  type: 'send' | 'receive';
}

export interface OtcDesk {
  /** True: the desk settles when the trade executes. */
  readonly settlesAtOnce: boolean;
  /**
   * After a settled trade committed: the desk's moves at the custodian, one per delivery. Never
   * throws: what it cannot move stays for reconciliation to report.
   */
  settleAtCustodian(deliveries: readonly DeskDelivery[]): Promise<void>;
}

/** A desk that settles at once and moves nothing at a custodian (one with no simulator behind it). */
export const immediateDesk: OtcDesk = { settlesAtOnce: true, settleAtCustodian: async () => {} };
