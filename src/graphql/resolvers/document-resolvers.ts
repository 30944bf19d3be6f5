// The document mutations of the business API (schema.graphql `generateFundUserAgreementPdf`,
// `downloadFundInvestorCapitalStatementPdf`, `downloadInvoicePdf`, `downloadQuotePdf`; docs/documents.md#through-the-business-graphql-api)
// over the business document service. The key's organization binding is its reach; rendering a
// document records no person, so no acting user is resolved.
import type { DocumentReach } from '../../access/documents/organization-document-records.ts';
import type { BusinessDocumentService, DocumentOutcome } from '../../domain/documents/business-document-service.ts';
import { callerOrganization } from '../caller-organization.ts';
import type { GraphqlContext } from '../graphql-context.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';

type DocumentResolvers = {
  Mutation: Pick<
    ImplementedResolvers['Mutation'],
    | 'generateFundUserAgreementPdf'
    | 'downloadFundInvestorCapitalStatementPdf'
    | 'downloadInvoicePdf'
    | 'downloadQuotePdf'
  >;
};

const reachOf = (context: GraphqlContext): DocumentReach => ({ organizationId: callerOrganization(context) });

function payload(outcome: DocumentOutcome) {
  if (outcome.ok) return { success: true, errors: [], document: outcome.value.document };
  return { success: false, errors: outcome.errors, document: null };
}

export function documentResolvers(documents: BusinessDocumentService): DocumentResolvers {
  return {
    Mutation: {
      generateFundUserAgreementPdf: async (_parent, { input }, context) =>
        payload(await documents.fundUserAgreementPdf(reachOf(context), input)),
      downloadFundInvestorCapitalStatementPdf: async (_parent, { input }, context) =>
        payload(await documents.capitalStatementPdf(reachOf(context), input)),
      downloadInvoicePdf: async (_parent, { input }, context) =>
        payload(await documents.invoicePdf(reachOf(context), input)),
      downloadQuotePdf: async (_parent, { input }, context) =>
        payload(await documents.quotePdf(reachOf(context), input)),
    },
  };
}
