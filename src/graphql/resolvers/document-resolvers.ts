// The document mutations of the business API (schema.graphql `generateFundUserAgreementPdf`,
// `downloadFundInvestorCapitalStatementPdf`, `downloadInvoicePdf`, `downloadQuotePdf`; docs/documents.md#through-the-business-graphql-api)
// over the business document service. The records are read within the key's organization scope;
// rendering a document records no person, so no acting user is resolved.
import type { BusinessDocumentService, DocumentOutcome } from '../../domain/documents/business-document-service.ts';
import { callerScope } from '../caller-organization.ts';
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

function payload(outcome: DocumentOutcome) {
  if (outcome.ok) return { success: true, errors: [], document: outcome.value.document };
  return { success: false, errors: outcome.errors, document: null };
}

export function documentResolvers(documents: BusinessDocumentService): DocumentResolvers {
  return {
    Mutation: {
      generateFundUserAgreementPdf: async (_parent, { input }, context) =>
        payload(await documents.fundUserAgreementPdf(callerScope(context), input)),
      downloadFundInvestorCapitalStatementPdf: async (_parent, { input }, context) =>
        payload(await documents.capitalStatementPdf(callerScope(context), input)),
      downloadInvoicePdf: async (_parent, { input }, context) =>
        payload(await documents.invoicePdf(callerScope(context), input)),
      downloadQuotePdf: async (_parent, { input }, context) =>
        payload(await documents.quotePdf(callerScope(context), input)),
    },
  };
}
