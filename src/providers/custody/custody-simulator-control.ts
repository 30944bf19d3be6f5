// The custody simulator's control (docs/custody.md#the-simulator): what the custodian's side does
// on its own (deposits arrive, transactions are broadcast, confirm, fail, drop out of the mempool
// or get replaced), for tests and demos to make happen; and `autoProgress`, which does some of it
// by itself on the simulator's clock.
import type { CustodyTransfer, CustodyTransferState, CustodyWallet } from './custody-provider.ts';
import { adoptWallet, type AdoptedWallet } from './simulated-adoption.ts';
import { holdsCoin } from './simulated-coins.ts';
import {
  canMove,
  moveTransfer,
  spendable,
  transferView,
  type SimulatedWalletPolicy,
  type TransferRecord,
  type WalletRecord,
} from './simulated-custody-records.ts';
import { newTxid, transfersOf, type SimulatorState } from './simulated-custody-state.ts';

/** Moves a test (or a demo) makes happen at the custodian. */
export interface CustodySimulatorControl {
  /** A deposit: a receive transfer, confirmed unless `confirmed: false` (then unconfirmed). */
  receive(deposit: {
    walletId: string;
    amount: string;
    coin?: string;
    from?: string;
    confirmed?: boolean;
  }): CustodyTransfer;
  /**
   * The OTC desk's side of a settled trade at the custodian (docs/trading.md#at-the-custodian): a
   * confirmed transfer off the chain (no fee, no txid) into (`receive`) or out of (`send`) the
   * wallet, carrying `sequenceId` (`otc-trade:<trade id>:<leg>`), which the platform's sync
   * recognizes as the trade's leg already in the journal. A `send` beyond what the wallet may spend
   * is refused, as the custodian would.
   */
  settleDeskTrade(settlement: {
    walletId: string;
    coin: string;
    amount: string;
    type: 'receive' | 'send';
    sequenceId: string;
  }): CustodyTransfer;
  /** signed → unconfirmed | failed; unconfirmed → confirmed | failed | removed | replaced. */
  advanceTransfer(transferId: string, state: CustodyTransferState): CustodyTransfer;
  /** signed → unconfirmed → confirmed, or unconfirmed → confirmed. */
  confirmTransfer(transferId: string): CustodyTransfer;
  setWalletPolicy(walletId: string, policy: Partial<SimulatedWalletPolicy>): void;
  /** What the wallet may still send of `coin` (default: the wallet's coin), in base units. */
  spendableBalance(walletId: string, coin?: string): string;
  /** Holds a wallet the platform already knows, under its custodian id, with its balances (simulated-adoption.ts). */
  adoptWallet(wallet: AdoptedWallet): CustodyWallet;
}

export function createControl(state: SimulatorState, settle: () => void): CustodySimulatorControl {
  const transferOf = (transferId: string) => {
    settle();
    const transfer = state.transfers.get(transferId);
    if (!transfer) throw new Error(`custody simulator: no transfer ${transferId}`);
    return transfer;
  };
  const move = (transfer: TransferRecord, to: CustodyTransferState, at: Date) => {
    if (!canMove(transfer.state, to)) {
      throw new Error(`custody simulator: transfer ${transfer.id} is ${transfer.state} and cannot become ${to}`);
    }
    moveTransfer(transfer, to, at);
  };
  const walletOf = (walletId: string) => {
    const wallet = state.wallets.get(walletId);
    if (!wallet) throw new Error(`custody simulator: no wallet ${walletId}`);
    return wallet;
  };
  /** What the wallet may still send of `coin`, in base units. */
  const spendableOf = (wallet: WalletRecord, coin: string) =>
    spendable(transfersOf(state, wallet.id), coin, wallet.openingBalances.get(coin));
  /** The wallet holds the coin (its own, or a token of its chain) and `amount` is base units. */
  const assertMovable = (wallet: { id: string; coin: string }, coin: string, amount: string) => {
    if (!holdsCoin(wallet.coin, coin)) throw new Error(`custody simulator: wallet ${wallet.id} cannot hold ${coin}`);
    if (!/^[1-9][0-9]*$/.test(amount)) throw new Error(`custody simulator: amount ${amount} is not a positive integer`);
  };
  /** A transfer the custodian's side makes on its own (no fee, no approval), now. */
  const record = (
    walletId: string,
    fields: Pick<
      TransferRecord,
      'coin' | 'type' | 'state' | 'amount' | 'txid' | 'counterpartyAddress' | 'comment' | 'sequenceId'
    >,
  ) => {
    const now = state.now();
    const transfer: TransferRecord = {
      ...fields,
      id: state.newId(),
      walletId,
      fee: null,
      feeCoin: null,
      pendingApprovalId: null,
      createdAt: now,
      updatedAt: now,
      confirmedAt: fields.state === 'confirmed' ? now : null,
      order: state.nextOrder++,
    };
    state.transfers.set(transfer.id, transfer);
    return transferView(transfer);
  };
  return {
    receive({ walletId, amount, coin, from, confirmed = true }) {
      const wallet = walletOf(walletId);
      const coinId = coin ?? wallet.coin;
      assertMovable(wallet, coinId, amount);
      return record(walletId, {
        coin: coinId,
        type: 'receive',
        state: confirmed ? 'confirmed' : 'unconfirmed',
        amount,
        txid: newTxid(state),
        counterpartyAddress: from ?? null,
        comment: null,
        sequenceId: null,
      });
    },
    settleDeskTrade({ walletId, coin, amount, type, sequenceId }) {
      const wallet = walletOf(walletId);
      assertMovable(wallet, coin, amount);
      if (type === 'send' && spendableOf(wallet, coin) < BigInt(amount))
        throw new Error(`custody simulator: wallet ${walletId} cannot spend ${amount} of ${coin}`);
      const settled = { txid: null, counterpartyAddress: null, comment: 'OTC desk settlement' };
      return record(walletId, { coin, type, state: 'confirmed', amount, sequenceId, ...settled });
    },
    advanceTransfer(transferId, to) {
      const transfer = transferOf(transferId);
      move(transfer, to, state.now());
      return transferView(transfer);
    },
    confirmTransfer(transferId) {
      const transfer = transferOf(transferId);
      const now = state.now();
      if (transfer.state === 'signed') move(transfer, 'unconfirmed', now);
      move(transfer, 'confirmed', now);
      return transferView(transfer);
    },
    setWalletPolicy(walletId, policy) {
      const wallet = walletOf(walletId);
      wallet.policy = { ...wallet.policy, ...policy };
    },
    adoptWallet: (wallet) => adoptWallet(state, wallet),
    spendableBalance(walletId, coin) {
      const wallet = walletOf(walletId);
      return spendableOf(wallet, coin ?? wallet.coin).toString();
    },
  };
}

/** Applies the moves `autoProgress` promises, each at the moment it was due. */
export function progressTransfers(
  state: SimulatorState,
  timing: { broadcastAfterMs: number; confirmAfterMs: number },
): void {
  const now = state.now().getTime();
  for (const transfer of state.transfers.values()) {
    if (transfer.type !== 'send') continue;
    if (transfer.state === 'signed' && transfer.updatedAt.getTime() + timing.broadcastAfterMs <= now) {
      moveTransfer(transfer, 'unconfirmed', new Date(transfer.updatedAt.getTime() + timing.broadcastAfterMs));
    }
    if (transfer.state === 'unconfirmed' && transfer.updatedAt.getTime() + timing.confirmAfterMs <= now) {
      moveTransfer(transfer, 'confirmed', new Date(transfer.updatedAt.getTime() + timing.confirmAfterMs));
    }
  }
}
