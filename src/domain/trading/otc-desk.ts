// The OTC desk a trade settles with (docs/trading.md#settlement). The platform's desk, a simulator
// of the counterparty, settles every trade at once: the legs post in the trade's own transaction
// and the trade answers SETTLED. A real desk that confirms later would leave the trade PENDING and
// settle it in a step of its own (`settleTrade` of src/records/trading/otc-trade-execution.ts), so
// the trade service asks the desk rather than assuming.
export interface OtcDesk {
  /** True: the desk settles when the trade executes. */
  readonly settlesAtOnce: boolean;
}

/** The platform's simulated desk: it settles at once. */
export const immediateDesk: OtcDesk = { settlesAtOnce: true };
