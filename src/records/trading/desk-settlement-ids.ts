// How a trade's settlement at the custodian names the trade (docs/trading.md#at-the-custodian): the
// OTC desk moves each on-platform leg at the custodian with the `sequenceId`
// `otc-trade:<trade id>:<leg>`, and the journal's side of custody transfers reads it back to the
// trade's leg in the journal, which already moved that money. The platform's own sends never carry
// such an id: theirs are SHA-256 hex digests of the client's idempotency key (docs/custody.md#idempotent-sends).
import { tradeTransferIds } from './otc-trade-execution.ts';

/** `leg1`: what the client pays from its wallet; `leg2`: what it receives into it. */
export type TradeLegName = 'leg1' | 'leg2';

export function deskSequenceId(tradeId: string, leg: TradeLegName): string {
  return `otc-trade:${tradeId}:${leg}`;
}

/** The journal transfer of the trade leg a desk settlement's `sequenceId` names; null for any other id. */
export function tradeLegTransferId(sequenceId: string): string | null {
  const named = /^otc-trade:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(leg1|leg2)$/.exec(
    sequenceId,
  );
  if (!named) return null;
  const [leg1, leg2] = tradeTransferIds(named[1]!).legs;
  return named[2] === 'leg1' ? leg1 : leg2;
}
