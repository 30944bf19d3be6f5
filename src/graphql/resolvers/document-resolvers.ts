// The document mutations of the business API (schema.graphql `generateFundUserAgreementPdf`,
// `downloadFundInvestorCapitalStatementPdf`, `downloadInvoicePdf`, `downloadQuotePdf`; docs/documents.md#through-the-business-graphql-api)
// over the business document service. The records are read within the key's organization scope;
// rendering a document records no person, so no acting user is resolved.
import type { BusinessDocumentService } from '../../domain/documents/business-document-service.ts';
import { callerScope } from '../caller-scope.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';
import { payloadOf } from '../mutation-payload.ts';

type DocumentResolvers = {
  Mutation: Pick<
    ImplementedResolvers['Mutation'],
    | 'generateFundUserAgreementPdf'
    | 'downloadFundInvestorCapitalStatementPdf'
    | 'downloadInvoicePdf'
    | 'downloadQuotePdf'
  >;
};

export function documentResolvers(documents: BusinessDocumentService): DocumentResolvers {
  return {
    Mutation: {
      generateFundUserAgreementPdf: async (_parent, { input }, context) =>
        payloadOf(await documents.fundUserAgreementPdf(callerScope(context), input), ['document']),
      downloadFundInvestorCapitalStatementPdf: async (_parent, { input }, context) =>
        payloadOf(await documents.capitalStatementPdf(callerScope(context), input), ['document']),
      downloadInvoicePdf: async (_parent, { input }, context) =>
        payloadOf(await documents.invoicePdf(callerScope(context), input), ['document']),
      downloadQuotePdf: async (_parent, { input }, context) =>
        payloadOf(await documents.quotePdf(callerScope(context), input), ['document']),
    },
  };
}
