// Sends of the custody simulator (docs/custody.md#the-simulator): idempotent by sequenceId, only to
// whitelisted addresses once a whitelist exists, within the spendable balance (BigInt: the amount
// of the sent coin, and the fee of the chain's coin, which a token send pays from the same wallet),
// then signed at once or held back for approval under the wallet's policy.
import type { SendCoinsRequest, SendCoinsResult } from './custody-provider.ts';
import { openApproval } from './simulated-approvals.ts';
import { lookupCoin } from './simulated-coins.ts';
import {
  approvalView,
  spendable,
  transferView,
  type TransferRecord,
  type WalletRecord,
} from './simulated-custody-records.ts';
import {
  assertAddressOf,
  findWallet,
  newTxid,
  refusal,
  transfersOf,
  type SimulatorState,
} from './simulated-custody-state.ts';

export function sendCoins(state: SimulatorState, request: SendCoinsRequest): SendCoinsResult {
  const operation = 'sendCoins';
  const coin = lookupCoin(request.coin);
  if (!coin) throw refusal(state, operation, 'UnsupportedCoin', `coin ${request.coin} is not supported`);
  const wallet = findWallet(state, operation, request.coin, request.walletId);
  const fingerprint = JSON.stringify([request.coin, request.address, request.amount, request.comment ?? null]);
  const earlier = request.sequenceId === undefined ? undefined : wallet.sends.get(request.sequenceId);
  if (earlier) {
    if (earlier.fingerprint !== fingerprint) {
      throw refusal(
        state,
        operation,
        'SequenceIdConflict',
        `sequenceId ${request.sequenceId} was used for a different send`,
      );
    }
    return sendResult(state, state.transfers.get(earlier.transferId)!);
  }
  assertAddressOf(state, operation, wallet, request.address);
  if (wallet.whitelistRuleExists && !wallet.whitelist.has(request.address)) {
    throw refusal(
      state,
      operation,
      'AddressNotWhitelisted',
      `${request.address} is not on the whitelist of wallet ${wallet.id}`,
    );
  }
  // The fee is paid in the wallet's own coin: the chain's (gas in ETH for a token on Ethereum).
  const fee = state.fees[wallet.coin] ?? '0';
  assertFunds(state, wallet, request.coin, BigInt(request.amount), wallet.coin, BigInt(fee));
  const transfer = createSend(state, wallet, request, fee, wallet.coin);
  if (request.sequenceId !== undefined) wallet.sends.set(request.sequenceId, { fingerprint, transferId: transfer.id });
  return sendResult(state, transfer);
}

function assertFunds(
  state: SimulatorState,
  wallet: WalletRecord,
  coin: string,
  amount: bigint,
  feeCoin: string,
  fee: bigint,
): void {
  const transfers = transfersOf(state, wallet.id);
  const needs: [string, bigint][] =
    coin === feeCoin
      ? [[coin, amount + fee]]
      : [
          [coin, amount],
          [feeCoin, fee],
        ];
  for (const [needed, total] of needs) {
    const available = spendable(transfers, needed, wallet.openingBalances.get(needed));
    if (available < total) {
      throw refusal(
        state,
        'sendCoins',
        'InsufficientBalance',
        `wallet ${wallet.id} can spend ${available} base units of ${needed}; the send needs ${total}`,
      );
    }
  }
}

function createSend(
  state: SimulatorState,
  wallet: WalletRecord,
  request: SendCoinsRequest,
  fee: string,
  feeCoin: string,
): TransferRecord {
  const now = state.now();
  const { policy } = wallet;
  const needsApproval =
    policy.approvalsRequired > 0 &&
    (policy.sendApprovalThreshold === null || BigInt(request.amount) > policy.sendApprovalThreshold);
  const transfer: TransferRecord = {
    id: state.newId(),
    walletId: wallet.id,
    coin: request.coin,
    type: 'send',
    state: needsApproval ? 'pendingApproval' : 'signed',
    amount: request.amount,
    fee,
    feeCoin,
    txid: needsApproval ? null : newTxid(state),
    counterpartyAddress: request.address,
    comment: request.comment ?? null,
    sequenceId: request.sequenceId ?? null,
    pendingApprovalId: null,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null,
    order: state.nextOrder++,
  };
  state.transfers.set(transfer.id, transfer);
  if (needsApproval) {
    const approval = openApproval(state, wallet, 'transfer', request.userId, {
      address: request.address,
      amount: request.amount,
      transferId: transfer.id,
      coin: request.coin,
    });
    transfer.pendingApprovalId = approval.id;
  }
  return transfer;
}

function sendResult(state: SimulatorState, transfer: TransferRecord): SendCoinsResult {
  if (transfer.pendingApprovalId === null) return { outcome: 'transfer', transfer: transferView(transfer) };
  const approval = state.approvals.get(transfer.pendingApprovalId)!;
  return { outcome: 'pendingApproval', pendingApproval: approvalView(approval), transfer: transferView(transfer) };
}
