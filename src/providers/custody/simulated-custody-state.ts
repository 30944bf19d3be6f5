// The custody simulator's state and the lookups every part of it shares
// (docs/custody.md#the-simulator): a refusal is the custodian's error with a fresh requestId,
// built by custody-provider-error.ts as the HTTP client builds it from a real answer.
import {
  custodianAnswerError,
  custodianErrorNames,
  type CustodianErrorName,
  type CustodyProviderError,
} from './custody-provider-error.ts';
import type { ApprovalRecord, TransferRecord, WalletRecord } from './simulated-custody-records.ts';
import { holdsCoin, isAddressOf } from './simulated-coins.ts';
import type { IdGenerator } from './simulated-ids.ts';

export interface SimulatorState {
  now: () => Date;
  newId: IdGenerator;
  /** Fee per send in base units of the chain's coin, by chain. */
  fees: Readonly<Record<string, string>>;
  wallets: Map<string, WalletRecord>;
  transfers: Map<string, TransferRecord>;
  approvals: Map<string, ApprovalRecord>;
  nextOrder: number;
}

export function refusal(
  state: SimulatorState,
  operation: string,
  name: CustodianErrorName,
  error: string,
): CustodyProviderError {
  return custodianAnswerError(operation, custodianErrorNames[name].status, { error, name, requestId: state.newId() });
}

/** The wallet, reached through its own coin or a token on its chain. */
export function findWallet(state: SimulatorState, operation: string, coin: string, walletId: string): WalletRecord {
  const wallet = state.wallets.get(walletId);
  if (!wallet || !holdsCoin(wallet.coin, coin)) {
    throw refusal(state, operation, 'NotFound', `wallet ${walletId} not found for coin ${coin}`);
  }
  return wallet;
}

export function findApproval(state: SimulatorState, operation: string, approvalId: string): ApprovalRecord {
  const approval = state.approvals.get(approvalId);
  if (!approval) throw refusal(state, operation, 'NotFound', `pending approval ${approvalId} not found`);
  return approval;
}

export function assertAddressOf(state: SimulatorState, operation: string, wallet: WalletRecord, address: string): void {
  if (!isAddressOf(wallet.chain, address)) {
    throw refusal(state, operation, 'InvalidAddress', `${address} is not a valid ${wallet.coin} address`);
  }
}

export function transfersOf(state: SimulatorState, walletId: string): TransferRecord[] {
  return [...state.transfers.values()].filter((transfer) => transfer.walletId === walletId);
}

/** A transaction hash: 64 hex characters. */
export function newTxid(state: SimulatorState): string {
  return `${state.newId()}${state.newId()}`;
}
