// How `npm run admin -- reconcile` prints its report (docs/ledger.md#reconciliation): lines for an
// operator, or with `--json` one JSON document. Base units stay decimal strings in both (wei
// exceed a JSON number's exact range); a difference is journal − custodian.
import type { AssetDrift, Figures, ReconciliationReport } from '../domain/wallets/reconciliation-report.ts';

export function reconciliationText(report: ReconciliationReport): string[] {
  const where = report.organizationId === null ? 'every organization' : `organization ${report.organizationId}`;
  const summary = `reconciled ${report.walletsCompared} wallet(s) of ${where} with the custodian at ${report.finishedAt.toISOString()}`;
  if (report.drifts.length === 0 && report.unreadable.length === 0) return [`${summary}: the journal agrees`];
  return [
    `${summary}: ${report.drifts.length} difference(s), ${report.unreadable.length} wallet(s) unreadable`,
    ...report.drifts.flatMap(driftLines),
    ...report.unreadable.map(
      (wallet) =>
        `wallet ${wallet.walletId} ${wallet.coin} (custodian ${wallet.custodianWalletId}, organization ${wallet.organizationId}): no balances: ${wallet.reason}`,
    ),
  ];
}

function driftLines(drift: AssetDrift): string[] {
  return [
    `wallet ${drift.walletId} ${drift.asset} (custodian ${drift.custodianWalletId}, organization ${drift.organizationId})`,
    `  posted     journal ${figureLine(drift.posted)}  (custodian: confirmed)`,
    `  available  journal ${figureLine(drift.available)}  (custodian: spendable)`,
    ...drift.behind.map(
      (transfer) =>
        `  behind: ${transfer.direction} ${transfer.transferId} ${transfer.coin} ${transfer.state}, journal at ${transfer.journaledState ?? 'nothing'} (${transfer.createdAt.toISOString()})`,
    ),
    `  last synced ${drift.lastSyncedAt?.toISOString() ?? 'never'}`,
  ];
}

function figureLine(figures: Figures): string {
  return `${figures.journal}  custodian ${figures.custodian}  difference ${figures.difference}`;
}

/** The report as JSON: figures and differences as decimal strings, times in ISO 8601. */
export function reconciliationJson(report: ReconciliationReport): string {
  return JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2);
}
