// THE table of which API key scope each root field of the business API needs
// (docs/identity.md#scopes; the scopes are those of src/domain/identity/api-key-scopes.ts).
// Every root field of schema.graphql must be here: a field missing fails `npm run typecheck`.
// `null`: any key that may use the business API (admin or service) may call it.
import type { BusinessScope } from '../domain/identity/api-key-scopes.ts';
import type { RootField, RootTypeName } from './root-resolvers.ts';

type ScopeTable = { readonly [Root in RootTypeName]: { readonly [Field in RootField<Root>]-?: BusinessScope | null } };

export const operationScopes = {
  Query: {
    ping: null,
    digitalWalletSummaryById: 'read',
    digitalWalletDetailById: 'read',
    netWorthUsdByUserId: 'read',
    netWorthUsdByOrganizationId: 'read',
    digitalAssetsByUserId: 'read',
    digitalAssetsByOrganizationId: 'read',
    coinPrice: 'read',
    getPotentialKycProfiles: 'kyc',
    sumsubQuestionnaireDataDecrypted: 'kyc',
  },
  Mutation: {
    createDigitalWallet: 'wallets',
    createDigitalWalletAddress: 'wallets',
    addDigitalWalletWhitelistEntry: 'wallets',
    removeDigitalWalletWhitelistEntry: 'wallets',
    runDigitalWalletAmlReport: 'wallets',
    unfreezeDigitalWallet: 'wallets',
    bitgoSendTransaction: 'custody',
    bitgoResolveApproval: 'custody',
    bitgoSyncWalletTransactions: 'custody',
    requestOtcQuote: 'trading',
    calculateOtcQuote: 'trading',
    refreshOtcQuote: 'trading',
    requestOtcTrade: 'trading',
    cancelFundSubscription: 'funds',
    cancelFundRedemption: 'funds',
    processFundSubscription: 'funds',
    processFundRedemption: 'funds',
    generateFundUserAgreementPdf: 'documents',
    downloadFundInvestorCapitalStatementPdf: 'documents',
    downloadInvoicePdf: 'documents',
    downloadQuotePdf: 'documents',
  },
  Subscription: {
    orderBookUpdates: 'trading',
  },
} as const satisfies ScopeTable;
