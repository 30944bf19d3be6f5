// The document mutations of the business API (schema.graphql `generateFundUserAgreementPdf`,
// `downloadFundInvestorCapitalStatementPdf`, `downloadInvoicePdf`, `downloadQuotePdf`; docs/documents.md#through-the-business-graphql-api)
// over the business document service. The key's organization binding is its reach; rendering a
// document records no person, so no acting user is resolved.
import type { DocumentReach } from '../../access/documents/organization-document-records.ts';
import type { BusinessDocumentService } from '../../domain/documents/business-document-service.ts';
import { callerOrganization } from '../caller-organization.ts';
import type { GraphqlContext } from '../graphql-context.ts';
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

const reachOf = (context: GraphqlContext): DocumentReach => ({ organizationId: callerOrganization(context) });

export function documentResolvers(documents: BusinessDocumentService): DocumentResolvers {
  return {
    Mutation: {
      generateFundUserAgreementPdf: async (_parent, { input }, context) =>
        payloadOf(await documents.fundUserAgreementPdf(reachOf(context), input), ['document']),
      downloadFundInvestorCapitalStatementPdf: async (_parent, { input }, context) =>
        payloadOf(await documents.capitalStatementPdf(reachOf(context), input), ['document']),
      downloadInvoicePdf: async (_parent, { input }, context) =>
        payloadOf(await documents.invoicePdf(reachOf(context), input), ['document']),
      downloadQuotePdf: async (_parent, { input }, context) =>
        payloadOf(await documents.quotePdf(reachOf(context), input), ['document']),
    },
  };
}
