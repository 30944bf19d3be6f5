// A capital statement's ledger and figures → its view model (document-models.ts
// `CapitalStatementDocumentModel`; docs/funds.md#capital-statements): the figures of
// domain/funds/capital-statement.ts, the parties, the period's movements as transactions, and
// the reference the document and its file are named by.
import type { CapitalMovementRecord, FundCapitalLedger } from '../../records/funds/fund-capital-table.ts';
import type {
  CapitalStatementDocumentModel,
  CapitalTransaction,
  IssuerParty,
} from '../../documents/document-models.ts';
import type { CapitalStatementFigures, StatementPeriod } from '../funds/capital-statement.ts';
import { organizationParty, personParty } from './document-parties.ts';
import { fundSummary } from './fund-models.ts';

/** The calendar quarter a period is exactly (`2025Q4`), else null. */
function calendarQuarter(period: StatementPeriod): string | null {
  const quarters = [
    ['01-01', '03-31'],
    ['04-01', '06-30'],
    ['07-01', '09-30'],
    ['10-01', '12-31'],
  ];
  const year = period.start.slice(0, 4);
  if (period.end.slice(0, 4) !== year) return null;
  const index = quarters.findIndex(
    ([first, last]) => period.start === `${year}-${first}` && period.end === `${year}-${last}`,
  );
  return index < 0 ? null : `${year}Q${index + 1}`;
}

/** `CS-0001-DEMO-ERIN-2025Q4`: fund, investor, then the quarter, the year, or the two dates. */
export function capitalStatementReference(fundId: number, investorUserId: string, period: StatementPeriod): string {
  const fullYear = period.start.endsWith('-01-01') && period.end === `${period.start.slice(0, 4)}-12-31`;
  const span =
    calendarQuarter(period) ??
    (fullYear ? period.start.slice(0, 4) : `${period.start.replaceAll('-', '')}-${period.end.replaceAll('-', '')}`);
  return `CS-${String(fundId).padStart(4, '0')}-${investorUserId.toUpperCase()}-${span}`;
}

function transaction(movement: CapitalMovementRecord): CapitalTransaction {
  const dealing = movement.kind !== 'fee';
  return {
    at: movement.effectiveDate,
    kind: movement.kind,
    reference:
      movement.kind === 'subscription'
        ? `Subscription no. ${movement.subscriptionId}`
        : movement.kind === 'redemption'
          ? `Redemption no. ${movement.redemptionId}`
          : (movement.description ?? 'Fee'),
    amount: movement.amount,
    units: dealing ? movement.units : null,
    navPerUnit: dealing ? movement.navPerUnit : null,
  };
}

export function capitalStatementModel(
  ledger: FundCapitalLedger,
  figures: CapitalStatementFigures<CapitalMovementRecord>,
  context: { issuer: IssuerParty; issuedAt: string; period: StatementPeriod },
): CapitalStatementDocumentModel {
  const { period } = context;
  return {
    issuer: context.issuer,
    statementReference: capitalStatementReference(ledger.fund.id, ledger.investor.userId, period),
    issuedAt: context.issuedAt,
    periodStart: period.start,
    periodEnd: period.end,
    fund: fundSummary(ledger.fund),
    investor: personParty(ledger.investor),
    investorOrganization: ledger.investorOrganization ? organizationParty(ledger.investorOrganization) : null,
    currency: ledger.fund.currency,
    openingBalance: figures.openingBalance,
    contributions: figures.contributions,
    redemptions: figures.redemptions,
    fees: figures.fees,
    gainsLosses: figures.gainsLosses,
    closingBalance: figures.closingBalance,
    navBasis: {
      openingNavDate: figures.openingNav?.date ?? null,
      openingNavPerUnit: figures.openingNav?.navPerUnit ?? null,
      openingUnits: figures.openingUnits,
      closingNavDate: figures.closingNav.date,
      closingNavPerUnit: figures.closingNav.navPerUnit,
      closingUnits: figures.closingUnits,
    },
    transactions: figures.transactions.map(transaction),
    // No record ties a custody wallet to a fund, so the fund's assets are not printed.
    fundHoldings: [],
  };
}
