// Whitelist changes of the custody simulator (docs/custody.md#the-simulator): an address of the
// wallet's chain, not listed twice, one change per address at a time; applied at once, or opened
// as a pending approval when the wallet's policy says so.
import type { WhitelistChangeRequest, WhitelistChangeResult } from './custody-provider.ts';
import { openApproval } from './simulated-approvals.ts';
import { applyWhitelistChange, approvalView, whitelistOf } from './simulated-custody-records.ts';
import { assertAddressOf, findWallet, refusal, type SimulatorState } from './simulated-custody-state.ts';

export function changeWhitelist(
  state: SimulatorState,
  operation: string,
  kind: 'whitelistAdd' | 'whitelistRemove',
  request: WhitelistChangeRequest,
): WhitelistChangeResult {
  const wallet = findWallet(state, operation, request.coin, request.walletId);
  assertAddressOf(state, operation, wallet, request.address);
  const pendingId = wallet.pendingWhitelistChanges.get(request.address);
  if (pendingId !== undefined) {
    throw refusal(
      state,
      operation,
      'WhitelistChangePending',
      `a change of ${request.address} awaits pending approval ${pendingId}`,
    );
  }
  const listed = wallet.whitelist.has(request.address);
  if (kind === 'whitelistAdd' && listed) {
    throw refusal(
      state,
      operation,
      'WhitelistEntryExists',
      `${request.address} is already on the whitelist of wallet ${wallet.id}`,
    );
  }
  if (kind === 'whitelistRemove' && !listed) {
    throw refusal(state, operation, 'NotFound', `${request.address} is not on the whitelist of wallet ${wallet.id}`);
  }
  const label = kind === 'whitelistAdd' ? (request.label ?? null) : (wallet.whitelist.get(request.address) ?? null);
  const { policy } = wallet;
  if (policy.approvalsRequired > 0 && policy.whitelistChangesNeedApproval) {
    const approval = openApproval(state, wallet, kind, request.userId, { address: request.address, label });
    wallet.pendingWhitelistChanges.set(request.address, approval.id);
    return { outcome: 'pendingApproval', pendingApproval: approvalView(approval) };
  }
  applyWhitelistChange(wallet, kind, request.address, label);
  return { outcome: 'applied', whitelist: whitelistOf(wallet) };
}
