// In the default (simulator) mode the custodian starts empty while the database's wallets (the
// demo data's, or wallets created before a restart) already name custodian wallets. At start the
// in-process simulator adopts each of them holding what the journal says it holds: its balances,
// deposit addresses, approved whitelist, sends waiting for approval (so those approvals can be
// resolved) and sends on their way, each with its stored fee, so the reconciliation of a fresh
// start finds no drift (docs/custody.md#demo-wallets-in-the-simulator). Each gets the approval policy a wallet of its
// type is created with (wallet-approval-policy.ts: custodial wallets CUSTODY_APPROVALS_REQUIRED,
// one by default; hot and smart wallets, whose client co-signs, none), so a wallet keeps its
// policy across a restart. A wallet of a coin the simulator does not know is left out (it answers
// as unknown to the custodian). Against a real custodian (CUSTODY_URL) nothing happens.
import type { Logger } from 'pino';
import {
  listCustodianWalletHoldings,
  type CustodianWalletHoldings,
} from '../records/wallets/custodian-wallet-holdings-table.ts';
import { everyOrganization } from '../access/organization-scope.ts';
import type { Db } from '../db/create-database.ts';
import { wholeToBaseUnits } from '../domain/money/base-units.ts';
import { approvalsRequiredFor } from '../domain/wallets/wallet-approval-policy.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';
import {
  type AdoptedWallet,
  type CustodySimulator,
  isCustodySimulator,
} from '../providers/custody/custody-simulator.ts';
import { holdsCoin, isAddressOf, lookupCoin } from '../providers/custody/simulated-coins.ts';

export async function adoptSimulatorWallets(deps: {
  db: Db;
  custody: CustodyProvider;
  custodialApprovalsRequired: number;
  logger: Logger;
}): Promise<void> {
  const { custody, logger } = deps;
  if (!isCustodySimulator(custody)) return;
  let adopted = 0;
  const leftOut: string[] = [];
  // Every organization's: the simulator stands in for the one custodian that holds them all.
  for (const wallet of await listCustodianWalletHoldings(deps.db, everyOrganization)) {
    if (adopt(custody, adoptableWallet(wallet, deps.custodialApprovalsRequired), wallet, logger)) adopted += 1;
    else leftOut.push(wallet.custodianWalletId);
  }
  logger.info({ provider: 'custody', adopted, leftOut }, 'custody simulator: adopted the wallets of the database');
}

function adopt(
  simulator: CustodySimulator,
  adoptable: AdoptedWallet | null,
  wallet: CustodianWalletHoldings,
  logger: Logger,
): boolean {
  if (!adoptable) return false;
  try {
    simulator.control.adoptWallet(adoptable);
    return true;
  } catch (error) {
    // Data the simulator cannot hold (an id of another form, say) must not stop the service.
    logger.warn({ err: error, custodianWalletId: wallet.custodianWalletId }, 'custody simulator: wallet not adopted');
    return false;
  }
}

/**
 * The wallet as the simulator holds it, holding what the journal says it holds: its posted
 * balances (whole coins to base units with the `coin` table's decimals), less its sends on their
 * way and waiting for approval, each with the fee stored for it (none when none is stored, as the
 * journal holds none then: docs/ledger.md#custody-transfers). Null for a coin the simulator does
 * not know.
 */
function adoptableWallet(wallet: CustodianWalletHoldings, custodialApprovalsRequired: number): AdoptedWallet | null {
  const coin = wallet.coin.toLowerCase();
  const chain = lookupCoin(coin);
  if (!chain || chain.token) return null;
  const sendable = (send: { coin: string; address: string | null }): boolean =>
    send.address !== null && isAddressOf(chain, send.address) && holdsCoin(coin, send.coin.toLowerCase());
  return {
    id: wallet.custodianWalletId,
    coin,
    label: wallet.label,
    type: wallet.walletType,
    approvalsRequired: approvalsRequiredFor(wallet.walletType, custodialApprovalsRequired),
    balances: balancesOf(wallet, coin),
    addresses: wallet.addresses.filter((address) => isAddressOf(chain, address)),
    whitelist: wallet.whitelist.filter((entry) => isAddressOf(chain, entry.address)),
    pendingSends: wallet.pendingSends.filter(sendable).map((send) => ({
      transferId: send.transferId,
      approvalId: send.approvalId,
      coin: send.coin.toLowerCase(),
      address: send.address as string,
      amount: send.amountBaseUnits,
      creator: send.createdBy,
      approvalsRequired: send.approvalsRequired,
      approvalsReceived: send.approvalsReceived,
      fee: send.feeBaseUnits,
      createdAt: new Date(send.createdAt),
    })),
    sendsOnTheirWay: wallet.sendsOnTheirWay.filter(sendable).map((send) => ({
      transferId: send.transferId,
      coin: send.coin.toLowerCase(),
      address: send.address as string,
      amount: send.amountBaseUnits,
      state: send.state,
      fee: send.feeBaseUnits,
      txid: send.txHash,
      createdAt: new Date(send.createdAt),
    })),
  };
}

/** Base units by the simulator's coin id, of every coin the wallet's chain holds. */
function balancesOf(wallet: CustodianWalletHoldings, coin: string): Record<string, string> {
  const balances: Record<string, string> = {};
  for (const holding of wallet.holdings) {
    const held = holding.symbol.toLowerCase();
    const baseUnits = wholeToBaseUnits(holding.balance, holding.decimals);
    if (holdsCoin(coin, held) && baseUnits !== null) balances[held] = baseUnits;
  }
  return balances;
}
