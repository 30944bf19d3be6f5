// The platform's simulated OTC desk (docs/trading.md#at-the-custodian): it settles every trade at
// once, and where the custodian is the in-process simulator it also moves each settled leg there,
// as a desk settling through the custodian would, with the leg named in the transfer's
// `sequenceId` so the platform's sync knows the journal already holds it. Against a custodian over
// HTTP (a real one, or a simulator in another process) there is no desk to move it: the trade is
// settled in the journal alone, and reconciliation shows the custodian's side until it arrives.
import type { Logger } from 'pino';
import { immediateDesk, type DeskDelivery, type OtcDesk } from '../domain/trading/otc-desk.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';
import { isCustodySimulator } from '../providers/custody/custody-simulator.ts';
import { deskSequenceId } from '../records/trading/desk-settlement-ids.ts';
import type { SettlementWalletTable } from '../records/trading/settlement-wallet-table.ts';

export function simulatedDesk(custody: CustodyProvider, wallets: SettlementWalletTable, logger: Logger): OtcDesk {
  if (!isCustodySimulator(custody)) return immediateDesk;
  const { control } = custody;
  return {
    settlesAtOnce: true,
    async settleAtCustodian(deliveries: readonly DeskDelivery[]) {
      const custodianIds = await wallets.custodianWalletIdsOf(deliveries.map((delivery) => delivery.walletId));
      for (const delivery of deliveries) {
        const custodianWalletId = custodianIds.get(delivery.walletId);
        if (custodianWalletId === undefined) continue;
        try {
          control.settleDeskTrade({
            walletId: custodianWalletId,
            coin: delivery.asset.toLowerCase(),
            amount: delivery.amount.toString(),
            type: delivery.type,
            sequenceId: deskSequenceId(delivery.tradeId, delivery.leg),
          });
        } catch (error) {
          logger.error(
            { err: error, tradeId: delivery.tradeId, leg: delivery.leg, walletId: delivery.walletId },
            'the simulated desk could not settle a trade leg at the custodian; reconciliation will report the difference',
          );
        }
      }
    },
  };
}
