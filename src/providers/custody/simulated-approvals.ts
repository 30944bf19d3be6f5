// Pending approvals of the custody simulator (docs/custody.md#the-port): opened by a send or a
// whitelist change under the wallet's policy, resolved by users other than their creator, each
// deciding once; approved once enough approvals are in, rejected by one rejection. Then the
// guarded action happens or is dropped.
import type { CustodyApprovalKind, CustodyPendingApproval, ResolveApprovalRequest } from './custody-provider.ts';
import {
  applyWhitelistChange,
  approvalView,
  moveTransfer,
  type ApprovalRecord,
  type WalletRecord,
} from './simulated-custody-records.ts';
import { findApproval, newTxid, refusal, type SimulatorState } from './simulated-custody-state.ts';

export function openApproval(
  state: SimulatorState,
  wallet: WalletRecord,
  kind: CustodyApprovalKind,
  creator: string,
  guarded: { address: string; amount?: string; label?: string | null; transferId?: string; coin?: string },
): ApprovalRecord {
  const approval: CustodyPendingApproval = {
    id: state.newId(),
    walletId: wallet.id,
    coin: guarded.coin ?? wallet.coin,
    kind,
    state: 'pending',
    approvalsRequired: wallet.policy.approvalsRequired,
    approvalsReceived: 0,
    creator,
    resolutions: [],
    transferId: guarded.transferId ?? null,
    address: guarded.address,
    amount: guarded.amount ?? null,
    label: guarded.label ?? null,
    createdAt: state.now(),
    resolvedAt: null,
  };
  state.approvals.set(approval.id, approval);
  return approval;
}

export function resolveApproval(state: SimulatorState, request: ResolveApprovalRequest): CustodyPendingApproval {
  const operation = 'resolvePendingApproval';
  const approval = findApproval(state, operation, request.approvalId);
  if (approval.state !== 'pending') {
    throw refusal(
      state,
      operation,
      'ApprovalAlreadyResolved',
      `pending approval ${approval.id} is already ${approval.state}`,
    );
  }
  if (request.userId === approval.creator) {
    throw refusal(state, operation, 'SelfApprovalNotAllowed', 'a pending approval cannot be resolved by its creator');
  }
  if (approval.resolutions.some((resolution) => resolution.userId === request.userId)) {
    throw refusal(
      state,
      operation,
      'ApproverAlreadyDecided',
      `user ${request.userId} has already decided on pending approval ${approval.id}`,
    );
  }
  const now = state.now();
  approval.resolutions.push({
    userId: request.userId,
    decision: request.decision,
    date: now,
    comment: request.comment ?? null,
  });
  if (request.decision === 'rejected') {
    finish(state, approval, 'rejected', now);
  } else {
    approval.approvalsReceived += 1;
    if (approval.approvalsReceived >= approval.approvalsRequired) finish(state, approval, 'approved', now);
  }
  return approvalView(approval);
}

/** Carries out (approved) or drops (rejected) what the approval guarded. */
function finish(state: SimulatorState, approval: ApprovalRecord, outcome: 'approved' | 'rejected', now: Date): void {
  approval.state = outcome;
  approval.resolvedAt = now;
  const wallet = state.wallets.get(approval.walletId)!;
  if (approval.kind !== 'transfer') {
    wallet.pendingWhitelistChanges.delete(approval.address);
    if (outcome === 'approved') applyWhitelistChange(wallet, approval.kind, approval.address, approval.label);
    return;
  }
  const transfer = state.transfers.get(approval.transferId!)!;
  moveTransfer(transfer, outcome === 'approved' ? 'signed' : 'rejected', now);
  if (outcome === 'approved') transfer.txid = newTxid(state);
}
