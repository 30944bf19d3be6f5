// A wallet's balances as the custody simulator reports them (docs/custody.md#the-simulator), from
// its own books: the opening balance of an adopted wallet, then each transfer by its state. BitGo's
// three figures per coin: `balance` counts what is on the chain (unconfirmed or confirmed),
// `confirmedBalance` what confirmed, `spendableBalance` confirmed receipts less every send that
// still holds funds (simulated-custody-records.ts `spendable`). A send takes its amount in its
// coin and its fee in the fee coin; BigInt arithmetic throughout.
import type { CustodyCoinBalance, CustodyTransferState, CustodyWalletBalances } from './custody-provider.ts';
import { spendable, type TransferRecord, type WalletRecord } from './simulated-custody-records.ts';
import { findWallet, transfersOf, type SimulatorState } from './simulated-custody-state.ts';

const onChainStates: ReadonlySet<CustodyTransferState> = new Set(['unconfirmed', 'confirmed']);
const confirmedStates: ReadonlySet<CustodyTransferState> = new Set(['confirmed']);

export function walletBalances(state: SimulatorState, coin: string, walletId: string): CustodyWalletBalances {
  const wallet = findWallet(state, 'getWalletBalances', coin, walletId);
  const transfers = transfersOf(state, wallet.id);
  return {
    walletId: wallet.id,
    coin: wallet.coin,
    balances: coinsHeld(wallet, transfers).map((held) => coinBalance(wallet, transfers, held)),
  };
}

/** The wallet's own coin, then every token it has held or moved, by coin id. */
function coinsHeld(wallet: WalletRecord, transfers: readonly TransferRecord[]): string[] {
  const tokens = new Set([...wallet.openingBalances.keys(), ...transfers.map((transfer) => transfer.coin)]);
  tokens.delete(wallet.coin);
  return [wallet.coin, ...[...tokens].sort()];
}

function coinBalance(wallet: WalletRecord, transfers: readonly TransferRecord[], coin: string): CustodyCoinBalance {
  const opening = wallet.openingBalances.get(coin) ?? 0n;
  return {
    coin,
    balance: (opening + movedIn(transfers, coin, onChainStates)).toString(),
    confirmedBalance: (opening + movedIn(transfers, coin, confirmedStates)).toString(),
    spendableBalance: spendable(transfers, coin, opening).toString(),
  };
}

/** What transfers in `states` added to `coin`: receipts in, sends out with the fees they pay in it. */
function movedIn(transfers: readonly TransferRecord[], coin: string, states: ReadonlySet<CustodyTransferState>) {
  let total = 0n;
  for (const transfer of transfers) {
    if (!states.has(transfer.state)) continue;
    if (transfer.type === 'receive') {
      if (transfer.coin === coin) total += BigInt(transfer.amount);
      continue;
    }
    if (transfer.coin === coin) total -= BigInt(transfer.amount);
    if (transfer.feeCoin === coin && transfer.fee !== null) total -= BigInt(transfer.fee);
  }
  return total;
}
