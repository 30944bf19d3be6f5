// In the default (simulator) mode the custodian starts empty while the database's wallets (the
// demo data's, or wallets created before a restart) already name custodian wallets. At start the
// in-process simulator adopts each of them with its balances, deposit addresses, approved
// whitelist and sends waiting for approval, so they can send and those approvals be resolved (docs/custody.md#demo-wallets-in-the-simulator). Custodial wallets
// need one approval per send, as the custodian's policy would ask; hot and smart wallets, whose
// client co-signs, none. A wallet of a coin the simulator does not know is left out (it answers
// as unknown to the custodian). Against a real custodian (CUSTODY_URL) nothing happens.
import type { Logger } from 'pino';
import {
  listCustodianWalletHoldings,
  type CustodianWalletHoldings,
} from '../access/wallets/custodian-wallet-holdings.ts';
import { everyOrganization } from '../access/organization-scope.ts';
import type { Db } from '../db/create-database.ts';
import { wholeToBaseUnits } from '../domain/money/base-units.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';
import {
  type AdoptedWallet,
  type CustodySimulator,
  isCustodySimulator,
} from '../providers/custody/custody-simulator.ts';
import { isAddressOf, lookupCoin } from '../providers/custody/simulated-coins.ts';

export async function adoptSimulatorWallets(deps: { db: Db; custody: CustodyProvider; logger: Logger }): Promise<void> {
  const { custody, logger } = deps;
  if (!isCustodySimulator(custody)) return;
  let adopted = 0;
  const leftOut: string[] = [];
  // Every organization's: the simulator stands in for the one custodian that holds them all.
  for (const wallet of await listCustodianWalletHoldings(deps.db, everyOrganization)) {
    if (adopt(custody, wallet, logger)) adopted += 1;
    else leftOut.push(wallet.custodianWalletId);
  }
  logger.info({ provider: 'custody', adopted, leftOut }, 'custody simulator: adopted the wallets of the database');
}

function adopt(simulator: CustodySimulator, wallet: CustodianWalletHoldings, logger: Logger): boolean {
  const adoptable = adoptableWallet(wallet);
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

/** The wallet as the simulator holds it; null for a coin the simulator does not know. */
function adoptableWallet(wallet: CustodianWalletHoldings): AdoptedWallet | null {
  const coin = wallet.coin.toLowerCase();
  const chain = lookupCoin(coin);
  if (!chain || chain.token) return null;
  const balances: Record<string, string> = {};
  for (const holding of wallet.holdings) {
    const held = holding.symbol.toLowerCase();
    const baseUnits = wholeToBaseUnits(holding.balance, holding.decimals);
    if (lookupCoin(held)?.chain === coin && baseUnits !== null) balances[held] = baseUnits;
  }
  return {
    id: wallet.custodianWalletId,
    coin,
    label: wallet.label,
    type: wallet.walletType,
    approvalsRequired: wallet.walletType === 'custodial' ? 1 : 0,
    balances,
    addresses: wallet.addresses.filter((address) => isAddressOf(chain, address)),
    whitelist: wallet.whitelist.filter((entry) => isAddressOf(chain, entry.address)),
    pendingSends: wallet.pendingSends.flatMap((send) => {
      const sent = send.coin.toLowerCase();
      const adoptable = send.address !== null && isAddressOf(chain, send.address) && lookupCoin(sent)?.chain === coin;
      if (!adoptable) return [];
      return [
        {
          transferId: send.transferId,
          approvalId: send.approvalId,
          coin: sent,
          address: send.address as string,
          amount: send.amountBaseUnits,
          creator: send.createdBy,
          approvalsRequired: send.approvalsRequired,
          approvalsReceived: send.approvalsReceived,
          createdAt: new Date(send.createdAt),
        },
      ];
    }),
  };
}
