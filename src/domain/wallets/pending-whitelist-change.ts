// The change of one whitelisted address that awaits approval at the custodian, read from the
// wallet's pending approvals (docs/custody.md#consistency): how an addition whose answer was lost
// (the process died between the custodian's answer and the commit) is found again and adopted.
import type { CustodyPendingApproval, CustodyProvider } from '../../providers/custody/custody-provider.ts';

/** The pending addition or removal of `address` in the custodian's wallet; null when none awaits approval. */
export async function findPendingWhitelistChange(
  custody: CustodyProvider,
  custodianWalletId: string,
  address: string,
): Promise<CustodyPendingApproval | null> {
  const pending = await custody.listPendingApprovals(custodianWalletId);
  // The custodian holds one change per address at a time (docs/custody.md#the-simulator).
  const change = pending.find(
    (approval) =>
      (approval.kind === 'whitelistAdd' || approval.kind === 'whitelistRemove') && approval.address === address,
  );
  return change ?? null;
}
