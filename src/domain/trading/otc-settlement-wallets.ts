// Which wallet settles each leg of a trade (schema.graphql `RequestOtcTradeInput.fromWalletId`,
// `toWalletId`; docs/trading.md#settlement). A coin settles on the platform, in an ACTIVE wallet of
// the quote's organization that can hold it (a wallet of the coin's network): the one named, or,
// when none is named, the only such wallet; several, or none, is VALIDATION_FAILED naming the
// field. A wallet out of the caller's reach, or of another organization, is NOT_FOUND as a missing
// one; a FROZEN or ARCHIVED one is INVALID_STATE. A currency that is no coin (USD) settles outside
// the platform, where no wallet is named. Both legs are checked, and every failure reported at once.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { OtcQuoteRow } from '../../records/trading/otc-quote-table.ts';
import type { SettlementWalletQuery, SettlementWalletTable } from '../../records/trading/settlement-wallet-table.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';
import { UserFailure } from '../outcomes/user-failure.ts';
import type { TradeLeg, TradeLegs } from './otc-trade-legs.ts';

export type WalletField = 'fromWalletId' | 'toWalletId';

/** The wallets the input names; absent or null: not named. */
export interface NamedWallets {
  fromWalletId?: number | null;
  toWalletId?: number | null;
}

/** The wallet of each leg; null for a leg settled off the platform. */
export interface SettlementWallets {
  fromWalletId: number | null;
  toWalletId: number | null;
}

/** One leg's wallet to find: the leg, the field naming it and what it names. */
interface LegRequest {
  leg: TradeLeg;
  field: WalletField;
  named: number | null;
  query: SettlementWalletQuery;
}

/** The wallet the request names, checked; a UserError when it cannot settle the leg. */
async function namedWallet(table: SettlementWalletTable, request: LegRequest, walletId: number) {
  const { field, leg } = request;
  const wallet = await table.findWallet(request.query, walletId);
  if (!wallet) return userError('NOT_FOUND', `no wallet ${walletId} of the quote's organization`, field);
  if (wallet.status !== 'active')
    return userError(
      'INVALID_STATE',
      `wallet ${walletId} is ${wallet.status.toUpperCase()}; only ACTIVE wallets settle trades`,
      field,
    );
  if (!wallet.canHold)
    return userError(
      'VALIDATION_FAILED',
      `wallet ${walletId} (${wallet.coin}, on ${wallet.network}) cannot hold ${leg.currency}`,
      field,
    );
  return walletId;
}

/** The only ACTIVE wallet of the organization that can hold the leg's coin; a UserError otherwise. */
async function onlyWallet(table: SettlementWalletTable, request: LegRequest) {
  const { field, leg } = request;
  const candidates = await table.activeWalletsAbleToHold(request.query);
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0)
    return userError(
      'VALIDATION_FAILED',
      `the quote's organization has no ACTIVE wallet that can hold ${leg.currency}: the trade cannot settle ${leg.currency} on the platform`,
      field,
    );
  return userError(
    'VALIDATION_FAILED',
    `${candidates.length} ACTIVE wallets of the quote's organization can hold ${leg.currency} (${candidates.join(', ')}): name one in ${field}`,
    field,
  );
}

async function legWallet(table: SettlementWalletTable, request: LegRequest): Promise<number | null | UserError> {
  const { field, leg, named } = request;
  if (leg.settles.decimals === null)
    return userError('UNSUPPORTED_ASSET', `${leg.currency} is not a currency the platform settles`);
  if (!leg.settles.isCoin)
    return named === null
      ? null
      : userError(
          'VALIDATION_FAILED',
          `${leg.currency} settles off the platform, in no wallet: leave ${field} out`,
          field,
        );
  return named === null ? onlyWallet(table, request) : namedWallet(table, request, named);
}

/** The wallets of both legs of the quote's trade; a UserFailure with every leg's failure. */
export async function settlementWallets(
  table: SettlementWalletTable,
  scope: OrganizationScope,
  quote: OtcQuoteRow,
  legs: TradeLegs,
  named: NamedWallets,
): Promise<SettlementWallets> {
  const request = (leg: TradeLeg, field: WalletField): LegRequest => ({
    leg,
    field,
    named: named[field] ?? null,
    query: { scope, organizationId: quote.organizationId, currency: leg.currency },
  });
  const found = [
    await legWallet(table, request(legs.from, 'fromWalletId')),
    await legWallet(table, request(legs.to, 'toWalletId')),
  ];
  const errors = found.filter((wallet): wallet is UserError => typeof wallet === 'object' && wallet !== null);
  if (errors.length > 0) throw new UserFailure(errors);
  const [fromWalletId, toWalletId] = found as (number | null)[];
  return { fromWalletId: fromWalletId ?? null, toWalletId: toWalletId ?? null };
}
