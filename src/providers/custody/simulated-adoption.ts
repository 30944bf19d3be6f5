// Wallets the custody simulator takes over from the platform's database
// (docs/custody.md#demo-wallets-in-the-simulator): the in-memory custodian starts empty, while the
// platform's wallets (the demo data's, or wallets created before a restart) already carry a
// custodian wallet id. Adopting one makes the simulator hold it under that id, with its
// addresses, whitelist and balances, so sends from it work, with the sends still waiting for
// approval, so those approvals can be resolved, and with the sends on their way, which hold their
// amounts and fees as they do at a custodian. Misuse is a programming error (a thrown Error), like
// the other control moves.
import type { CustodyAddress, CustodyWallet, CustodyWalletType } from './custody-provider.ts';
import { holdsCoin, isAddressOf, lookupCoin, simulatedAddress } from './simulated-coins.ts';
import { walletView, type WalletRecord } from './simulated-custody-records.ts';
import type { SimulatorState } from './simulated-custody-state.ts';

export interface AdoptedWallet {
  /** The custodian wallet id the platform stores: lowercase hex, 24 to 64 characters. */
  id: string;
  /** The wallet's coin (not a token): `btc`, `eth`, `sol`, … */
  coin: string;
  label: string;
  type: CustodyWalletType;
  /** Approvals each send and whitelist change needs; default 0. */
  approvalsRequired?: number;
  /** What the wallet holds, in base units by coin: its own coin and tokens of its chain. */
  balances?: Readonly<Record<string, string>>;
  /** Its deposit addresses, first the receive address; default: one new address. */
  addresses?: readonly string[];
  /** Its withdrawal whitelist; once non-empty, sends go to these addresses only. */
  whitelist?: readonly { address: string; label: string | null }[];
  /** Sends waiting for approval, each under the custodian ids the platform stores. */
  pendingSends?: readonly AdoptedPendingSend[];
  /** Sends on their way that wait for no approval, under the transfer ids the platform stores. */
  sendsOnTheirWay?: readonly AdoptedSendOnItsWay[];
}

export interface AdoptedPendingSend {
  transferId: string;
  /** 32 lowercase hexadecimal characters. */
  approvalId: string;
  /** The sent coin: the wallet's, or a token of its chain. */
  coin: string;
  address: string;
  /** Base units. */
  amount: string;
  creator: string;
  approvalsRequired: number;
  approvalsReceived: number;
  createdAt: Date;
  /** Its network fee in base units of the wallet's coin; null: none; default: the simulator's flat fee. */
  fee?: string | null;
}

/**
 * A send the custodian already works on: `initialized`, or `signed` or `unconfirmed` (on its way
 * to the chain). It holds its amount and fee until it ends; with `autoProgress` it moves on from
 * the moment it is adopted, as the simulator's own sends move on from their signing.
 */
export interface AdoptedSendOnItsWay {
  transferId: string;
  /** The sent coin: the wallet's, or a token of its chain. */
  coin: string;
  address: string;
  /** Base units. */
  amount: string;
  state: 'initialized' | 'signed' | 'unconfirmed';
  /** Its network fee in base units of the wallet's coin; null: none. */
  fee: string | null;
  txid: string | null;
  createdAt: Date;
}

export function adoptWallet(state: SimulatorState, adopted: AdoptedWallet): CustodyWallet {
  const fail = (problem: string): never => {
    throw new Error(`custody simulator: cannot adopt wallet ${adopted.id}: ${problem}`);
  };
  if (!/^[0-9a-f]{24,64}$/.test(adopted.id)) fail('the id is not 24 to 64 lowercase hexadecimal characters');
  if (state.wallets.has(adopted.id)) fail('a wallet with this id exists');
  const chain = lookupCoin(adopted.coin);
  if (!chain || chain.token) return fail(`${adopted.coin} is not a coin a wallet can hold`);
  const approvalsRequired = adopted.approvalsRequired ?? 0;
  const wallet: WalletRecord = {
    id: adopted.id,
    coin: adopted.coin,
    chain,
    label: adopted.label,
    type: adopted.type,
    clientReference: null,
    policy: { approvalsRequired, sendApprovalThreshold: null, whitelistChangesNeedApproval: approvalsRequired > 0 },
    addresses: [],
    whitelist: new Map(),
    whitelistRuleExists: false,
    pendingWhitelistChanges: new Map(),
    sends: new Map(),
    openingBalances: new Map(),
  };
  for (const [coin, amount] of Object.entries(adopted.balances ?? {})) {
    if (!holdsCoin(adopted.coin, coin)) fail(`a ${adopted.coin} wallet cannot hold ${coin}`);
    if (!/^(0|[1-9][0-9]*)$/.test(amount)) fail(`the ${coin} balance ${amount} is not a whole number of base units`);
    wallet.openingBalances.set(coin, BigInt(amount));
  }
  const addresses = adopted.addresses?.length ? adopted.addresses : [simulatedAddress(chain, state.newId())];
  for (const address of addresses) {
    if (!isAddressOf(chain, address)) fail(`${address} is not a ${adopted.coin} address`);
    wallet.addresses.push(addressRecord(state, wallet, address));
  }
  for (const entry of adopted.whitelist ?? []) {
    if (!isAddressOf(chain, entry.address)) fail(`whitelisted ${entry.address} is not a ${adopted.coin} address`);
    wallet.whitelist.set(entry.address, entry.label);
    wallet.whitelistRuleExists = true;
  }
  // Everything is checked before anything is held: a wallet is adopted whole or not at all.
  for (const send of adopted.pendingSends ?? []) checkPendingSend(state, wallet, send, fail);
  for (const send of adopted.sendsOnTheirWay ?? []) checkSend(state, wallet, send, fail);
  state.wallets.set(wallet.id, wallet);
  for (const send of adopted.pendingSends ?? []) holdPendingSend(state, wallet, send);
  for (const send of adopted.sendsOnTheirWay ?? []) holdSendOnItsWay(state, wallet, send);
  return walletView(wallet);
}

function checkPendingSend(
  state: SimulatorState,
  wallet: WalletRecord,
  send: AdoptedPendingSend,
  fail: (problem: string) => never,
): void {
  checkSend(state, wallet, send, fail);
  if (!/^[0-9a-f]{32}$/.test(send.approvalId) || state.approvals.has(send.approvalId))
    fail(`approval id ${send.approvalId} is not a new id of 32 lowercase hexadecimal characters`);
  if (!(send.approvalsReceived < send.approvalsRequired)) fail('a pending approval needs more approvals than it has');
}

function checkSend(
  state: SimulatorState,
  wallet: WalletRecord,
  send: Pick<AdoptedSendOnItsWay, 'transferId' | 'coin' | 'amount' | 'address'> & { fee?: string | null },
  fail: (problem: string) => never,
): void {
  if (!/^[0-9a-f]{24,64}$/.test(send.transferId) || state.transfers.has(send.transferId))
    fail(`transfer id ${send.transferId} is not a new lowercase hexadecimal id`);
  if (!holdsCoin(wallet.coin, send.coin)) fail(`a ${wallet.coin} wallet cannot send ${send.coin}`);
  if (!/^[1-9][0-9]*$/.test(send.amount)) fail(`the amount ${send.amount} is not a positive number of base units`);
  if (send.fee != null && !/^(0|[1-9][0-9]*)$/.test(send.fee))
    fail(`the fee ${send.fee} is not a whole number of base units`);
  if (!isAddressOf(wallet.chain, send.address)) fail(`${send.address} is not a ${wallet.coin} address`);
}

/** The fee an adopted send holds: the one given (null: none), else the simulator's flat fee. */
function adoptedFee(state: SimulatorState, wallet: WalletRecord, fee: string | null | undefined) {
  const held = fee === undefined ? (state.fees[wallet.coin] ?? '0') : fee;
  return { fee: held, feeCoin: held === null ? null : wallet.coin };
}

function holdSendOnItsWay(state: SimulatorState, wallet: WalletRecord, send: AdoptedSendOnItsWay): void {
  const adoptedAt = state.now();
  state.transfers.set(send.transferId, {
    id: send.transferId,
    walletId: wallet.id,
    coin: send.coin,
    type: 'send',
    state: send.state,
    amount: send.amount,
    ...adoptedFee(state, wallet, send.fee),
    txid: send.txid,
    counterpartyAddress: send.address,
    comment: null,
    sequenceId: null,
    pendingApprovalId: null,
    createdAt: send.createdAt,
    updatedAt: adoptedAt,
    confirmedAt: null,
    order: state.nextOrder++,
  });
}

function holdPendingSend(state: SimulatorState, wallet: WalletRecord, send: AdoptedPendingSend): void {
  state.transfers.set(send.transferId, {
    id: send.transferId,
    walletId: wallet.id,
    coin: send.coin,
    type: 'send',
    state: 'pendingApproval',
    amount: send.amount,
    ...adoptedFee(state, wallet, send.fee),
    txid: null,
    counterpartyAddress: send.address,
    comment: null,
    sequenceId: null,
    pendingApprovalId: send.approvalId,
    createdAt: send.createdAt,
    updatedAt: send.createdAt,
    confirmedAt: null,
    order: state.nextOrder++,
  });
  state.approvals.set(send.approvalId, {
    id: send.approvalId,
    walletId: wallet.id,
    coin: send.coin,
    kind: 'transfer',
    state: 'pending',
    approvalsRequired: send.approvalsRequired,
    approvalsReceived: send.approvalsReceived,
    creator: send.creator,
    resolutions: [],
    transferId: send.transferId,
    address: send.address,
    amount: send.amount,
    label: null,
    createdAt: send.createdAt,
    resolvedAt: null,
  });
}

function addressRecord(state: SimulatorState, wallet: WalletRecord, address: string): CustodyAddress {
  return {
    id: state.newId(),
    walletId: wallet.id,
    coin: wallet.coin,
    address,
    index: wallet.addresses.length,
    label: null,
  };
}
