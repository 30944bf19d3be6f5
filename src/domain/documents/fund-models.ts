// Product-catalog and fund-user-agreement records → their view models (document-models.ts); the
// fund summary is shared with the capital statement (capital-statement-model.ts).
import type {
  CatalogFundRecord,
  FundAgreementRecord,
  ProductCatalogRecord,
} from '../../records/documents/document-tables.ts';
import type {
  FundStatus,
  FundSummary,
  FundUserAgreementDocumentModel,
  IssuerParty,
  PersonParty,
  ProductCatalogDocumentModel,
} from '../../documents/document-models.ts';
import { organizationParty, personParty } from './document-parties.ts';
import { knownValue } from './record-values.ts';

const fundStatuses = ['open', 'closed', 'liquidating'] as const satisfies readonly FundStatus[];
const requestStatuses = ['pending', 'approved', 'processed', 'rejected', 'cancelled'] as const;

/**
 * An administrator API key acts for no person, so its agreement is the blank form: the
 * fund's terms with the investor left to be named.
 */
export const specimenInvestor: PersonParty = Object.freeze({ name: 'Specimen: investor to be named', email: null });

/** A fund as the fund documents print it; a FundAgreementRecord and a capital ledger's fund have the same fields. */
export function fundSummary(record: CatalogFundRecord): FundSummary {
  return {
    id: record.id,
    name: record.name,
    currency: record.currency,
    navPerUnit: record.navPerUnit,
    status: knownValue(record.status, fundStatuses, 'fund.status'),
    administrator: organizationParty(record.administrator),
  };
}

export function productCatalogModel(
  record: ProductCatalogRecord,
  issuer: IssuerParty,
  asOf: string,
): ProductCatalogDocumentModel {
  return {
    issuer,
    asOf,
    products: record.products.map((product) => ({ ...product })),
    funds: record.funds.map(fundSummary),
  };
}

/** `FUA-0001-DEMO-ERIN`: the fund, then the investor's user id (or SPECIMEN). */
export function fundAgreementReference(fundId: number, investorUserId: string | null): string {
  return `FUA-${String(fundId).padStart(4, '0')}-${(investorUserId ?? 'specimen').toUpperCase()}`;
}

export function fundUserAgreementModel(
  record: FundAgreementRecord,
  issuer: IssuerParty,
  issuedAt: string,
): FundUserAgreementDocumentModel {
  return {
    issuer,
    agreementReference: fundAgreementReference(record.id, record.investor?.userId ?? null),
    issuedAt,
    includeCoverPage: true,
    fund: fundSummary(record),
    investor: record.investor ? personParty(record.investor) : specimenInvestor,
    investorOrganization: record.investorOrganization ? organizationParty(record.investorOrganization) : null,
    subscriptions: record.subscriptions.map((subscription) => ({
      subscriptionId: subscription.id,
      amount: subscription.amount,
      status: knownValue(subscription.status, requestStatuses, 'fund_subscription.status'),
      requestedAt: subscription.requestedAt,
    })),
    // The REST route prints none: the investor signs the printed form. The business API may add an
    // uploaded image (business-document-service.ts).
    signature: null,
  };
}
