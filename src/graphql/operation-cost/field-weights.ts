// What each root field of schema.graphql costs, in points, and how often one operation may select
// it (docs/api-limits.md#the-weights): the one reviewable table behind the business API's cost
// limit. A point is about one cached read; a field weighs what its resolver does, not what it
// returns: a PDF render, a KYC decryption, a custodian or provider call, a write and a
// `refresh: true` recomputation weigh more. The table is typed against the generated resolver
// types, so a root field added to schema.graphql without a weight is a type error; a weight in
// schema.graphql (a directive) would reach clients through introspection and spread the table
// over 3,000 lines of the spec.
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../../../generated/graphql/resolver-types.ts';
import { defaultPageLimit, maxPageLimit } from '../../domain/paging/offset-page.ts';
import { recentTransferLimit } from '../../domain/wallets/wallet-detail-service.ts';

export interface FieldWeight {
  /** Points of one selection of the field. */
  readonly cost: number;
  /** Points instead of `cost` when the field's `refresh` argument is true: the result cache is bypassed. */
  readonly refreshCost?: number;
  /** Most selections of the field (distinct response keys, aliases each count) in one operation. */
  readonly maxSelections: number;
  /** A page-size argument: the page adds one point per 100 items asked (GitHub's rule). */
  readonly page?: ListPage;
}

export interface ListPage {
  /** The argument that sizes the page (`limit`). */
  readonly argument: string;
  /** The size when the argument is absent or null. */
  readonly default: number;
  /** Larger sizes are clamped to this (schema.graphql, "Lists"). */
  readonly maximum: number;
}

export interface RootFieldWeights {
  readonly Query: Readonly<Record<keyof QueryResolvers, FieldWeight>>;
  readonly Mutation: Readonly<Record<keyof MutationResolvers, FieldWeight>>;
  readonly Subscription: Readonly<Record<keyof SubscriptionResolvers, FieldWeight>>;
}

/** schema.graphql's offset pages (interface OffsetPage): default 50, clamped to 200. */
const offsetPage: ListPage = { argument: 'limit', default: defaultPageLimit, maximum: maxPageLimit };

/** Answered from memory or the result cache: one lookup. */
const cachedRead: FieldWeight = { cost: 1, refreshCost: 5, maxSelections: 50 };
/** Several statements (or a sum over every wallet) behind the result cache. */
const cachedAggregate: FieldWeight = { cost: 2, refreshCost: 10, maxSelections: 20 };
/** Renders a PDF in Chromium: about 80 ms of a browser page each (docs/documents.md). */
const pdfRender: FieldWeight = { cost: 100, maxSelections: 5 };
/** A call to the custodian, the AML or the KYC provider that changes or reads its books. */
const providerCall: FieldWeight = { cost: 25, maxSelections: 5 };
/** A write of the platform's own records, priced or checked first. */
const recordWrite: FieldWeight = { cost: 10, maxSelections: 10 };

export const rootFieldWeights: RootFieldWeights = {
  Query: {
    ping: { cost: 1, maxSelections: 50 },
    digitalWalletSummaryById: cachedRead,
    // Its refresh also reaches the coin-price source and recomputes the value history.
    digitalWalletDetailById: cachedAggregate,
    netWorthUsdByUserId: cachedAggregate,
    netWorthUsdByOrganizationId: cachedAggregate,
    digitalAssetsByUserId: { ...cachedAggregate, page: offsetPage },
    digitalAssetsByOrganizationId: { ...cachedAggregate, page: offsetPage },
    // Its refresh asks the outside price source.
    coinPrice: { ...cachedRead, refreshCost: 10 },
    // Uncached: matches over every profile in reach (docs/kyc.md).
    getPotentialKycProfiles: { cost: 5, maxSelections: 10, page: offsetPage },
    // Decrypts every answer and writes an audit row (docs/kyc.md).
    sumsubQuestionnaireDataDecrypted: { cost: 25, maxSelections: 5 },
  },
  Mutation: {
    createDigitalWallet: providerCall,
    createDigitalWalletAddress: providerCall,
    addDigitalWalletWhitelistEntry: providerCall,
    removeDigitalWalletWhitelistEntry: providerCall,
    runDigitalWalletAmlReport: providerCall,
    unfreezeDigitalWallet: recordWrite,
    bitgoSendTransaction: providerCall,
    bitgoResolveApproval: providerCall,
    // Pages through the custodian's transfer list and upserts each transfer.
    bitgoSyncWalletTransactions: providerCall,
    requestOtcQuote: recordWrite,
    refreshOtcQuote: recordWrite,
    requestOtcTrade: { ...recordWrite, cost: 20 },
    // Prices without storing: the order books or the coin prices, in memory.
    calculateOtcQuote: { cost: 5, maxSelections: 10 },
    cancelFundSubscription: recordWrite,
    cancelFundRedemption: recordWrite,
    // One transaction: the register row, the journal's transfers, the status and the audit entry.
    processFundSubscription: { ...recordWrite, cost: 20 },
    processFundRedemption: { ...recordWrite, cost: 20 },
    generateFundUserAgreementPdf: pdfRender,
    downloadFundInvestorCapitalStatementPdf: pdfRender,
    downloadInvoicePdf: pdfRender,
    downloadQuotePdf: pdfRender,
  },
  Subscription: {
    // A socket held open and a share of the order-book fan-out (docs/market-data.md#fan-out).
    orderBookUpdates: { cost: 10, maxSelections: 1 },
  },
};

/** Paginated lists below the root, by type and field: one point per 100 items, times the pages above them. */
export const nestedListPages: Readonly<Record<string, Readonly<Record<string, ListPage>>>> = {
  DigitalWalletDetail: {
    recentTransactions: { argument: 'limit', default: recentTransferLimit.default, maximum: recentTransferLimit.max },
  },
};

/**
 * Introspection's root fields: `__schema` serializes the whole schema (about 250 types), which
 * hundreds of aliases would repeat; `__typename` is a constant.
 */
export const metaFieldWeights: Readonly<Record<string, FieldWeight>> = {
  __schema: { cost: 10, maxSelections: 5 },
  __type: { cost: 1, maxSelections: 50 },
  __typename: { cost: 0, maxSelections: Number.POSITIVE_INFINITY },
};

/** The weights of the root type an operation of `kind` selects from. */
export function rootWeightsOf(
  weights: RootFieldWeights,
  kind: 'query' | 'mutation' | 'subscription',
): Readonly<Record<string, FieldWeight>> {
  return kind === 'query' ? weights.Query : kind === 'mutation' ? weights.Mutation : weights.Subscription;
}

/** Items per point of a page (GitHub's GraphQL rate limit: a connection's `first` over 100). */
export const itemsPerPoint = 100;
