// Processing fund subscriptions and redemptions (schema.graphql `processFundSubscription`,
// `processFundRedemption`; docs/funds.md#dealing): an APPROVED request of an investor whose KYC is
// completed GREEN is dealt at the NAV per unit of its dealing date (the first day, on or after the
// day it was made, on which the fund published a NAV), and its register row, journal transfers,
// `processed` status and audit entry are written in one transaction
// (src/records/funds/fund-dealing-table.ts), which also makes a request dealt at most once.
// Processing is the fund's administrator's: a key whose scope reaches the request only through
// its investor's organization sees it but may not process it (FORBIDDEN), any other finds nothing;
// the acting person must hold a role permissions.yaml business_operations lists in the fund's
// organization (the fund_signatory, who countersigns what the fund_manager approved).
import type {
  DealingRecords,
  DealingWrite,
  FundDealingTable,
  LockedFundRequest,
} from '../../records/funds/fund-dealing-table.ts';
import type { DealingAccounts } from '../../records/funds/fund-dealing-transfers.ts';
import type { FundRequestKind, FundRequestTable } from '../../records/funds/fund-request-table.ts';
import { fitsIntegerRowId } from '../../records/integer-row-id.ts';
import type { ActingCaller, ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { userError } from '../outcomes/user-error.ts';
import { failWith, outcomeOf } from '../outcomes/user-failure.ts';
import { type DealingFacts, type DealingPlan, planDealing } from './dealing-plan.ts';
import { dealingView, type FundDealingView } from './fund-dealing-view.ts';
import { fundRequestView, type FundRequestView } from './fund-request-view.ts';
import { assertKycApproved } from './investor-kyc-gate.ts';

/** Who deals: the key's organization scope and acting user, and what the audit entry records. */
export interface FundDealer extends ActingCaller {
  readonly apiKeyId: string;
  readonly requestId: string;
}

/** The request after the call and its dealing, named as the payload names them. */
export type DealtValue<K extends FundRequestKind> = Record<K, FundRequestView> & { dealing: FundDealingView };
export type Dealt<K extends FundRequestKind> = Outcome<DealtValue<K>>;

/** The fields a failure still answers (src/domain/outcomes/outcome.ts). */
type Carried<T> = { [P in keyof T]?: T[P] | null };

const names = { subscription: 'fund subscription', redemption: 'fund redemption' } as const;
const fields = { subscription: 'subscriptionId', redemption: 'redemptionId' } as const;
const operations = { subscription: 'processFundSubscription', redemption: 'processFundRedemption' } as const;

function named<K extends FundRequestKind, V>(kind: K, value: V): Record<K, V> {
  return { [kind]: value } as Record<K, V>;
}

/** What a dealing read: the facts its plan is made of, and the accounts it posts between. */
interface DealingReads {
  facts: DealingFacts;
  accounts: DealingAccounts;
}

/** The dealing NAV, or NAV_NOT_PUBLISHED. */
async function navOf(kind: FundRequestKind, request: LockedFundRequest, records: DealingRecords, today: string) {
  const nav = await records.dealingNav(request.fundId, request.requestDay, today);
  if (nav) return nav;
  return failWith(
    'NAV_NOT_PUBLISHED',
    `fund ${request.fundId} has published no NAV per unit on or after ${request.requestDay}, the day ${names[kind]} ${request.id} was made: it is dealt at the NAV of its dealing date, once published`,
    fields[kind],
  );
}

/** The decimals of the fund's currency in the journal, or UNSUPPORTED_ASSET. */
async function decimalsOf(kind: FundRequestKind, currency: string, records: DealingRecords): Promise<number> {
  const decimals = await records.journalAssetDecimals(currency);
  if (decimals !== null) return decimals;
  return failWith(
    'UNSUPPORTED_ASSET',
    `the fund's currency ${currency} is not an asset of the platform's journal`,
    fields[kind],
  );
}

async function readDealing(
  kind: FundRequestKind,
  request: LockedFundRequest,
  records: DealingRecords,
  today: string,
): Promise<DealingReads> {
  const { fundId, investorUserId, currency } = request;
  const nav = await navOf(kind, request, records, today);
  const decimals = await decimalsOf(kind, currency, records);
  const accounts = await records.accounts(fundId, investorUserId, currency);
  const facts: DealingFacts = {
    kind,
    field: fields[kind],
    requestName: `${names[kind]} ${request.id}`,
    investorUserId,
    fundId,
    amount: request.amount,
    currency,
    nav,
    changes: await records.unitChanges(fundId, investorUserId),
    decimals,
    capitalPosted: accounts.capital.balances.posted,
  };
  return { facts, accounts };
}

/** The register row, transfers, status and audit entry the plan makes. */
function dealingWrite(
  dealer: FundDealer,
  request: LockedFundRequest,
  { facts, accounts }: DealingReads,
  plan: DealingPlan,
): DealingWrite {
  const { kind, nav, currency, investorUserId, fundId } = facts;
  const dealt = kind === 'subscription' ? 'issued to' : 'redeemed by';
  return {
    kind,
    request,
    nav,
    units: plan.units,
    accounts,
    amountBaseUnits: plan.amountBaseUnits,
    revaluationBaseUnits: plan.revaluationBaseUnits,
    description: `${facts.requestName}: ${plan.units} units of fund ${fundId} ${dealt} ${investorUserId} at ${nav.navPerUnit} ${currency} (${nav.date})`,
    revaluationDescription: `${investorUserId}'s capital in fund ${fundId} valued at ${plan.capitalBalance} ${currency}: ${plan.unitsHeld} units at ${nav.navPerUnit} ${currency} (${nav.date})`,
    actor: { userId: dealer.actingUserId, apiKeyId: dealer.apiKeyId, requestId: dealer.requestId },
    facts: { [facts.field]: request.id, fundId, investorUserId, currency, ...dealingView(facts, plan) },
  };
}

/** A locked request that is not APPROVED: INVALID_STATE with its current state; null when it is. */
function stateRefusal<K extends FundRequestKind>(kind: K, request: LockedFundRequest): Dealt<K> | null {
  if (request.status === 'approved') return null;
  const current = fundRequestView(request);
  const message = `${names[kind]} ${request.id} is ${current.status}: only an APPROVED ${names[kind]} can be processed`;
  const carried = { ...named(kind, current), dealing: null } as Carried<DealtValue<K>>;
  return failed<'INVALID_STATE', DealtValue<K>>([userError('INVALID_STATE', message, fields[kind])], carried);
}

/** One dealing inside its transaction, over the records bound to it. */
async function deal<K extends FundRequestKind>(
  kind: K,
  dealer: FundDealer,
  id: number,
  request: LockedFundRequest | null,
  records: DealingRecords,
  today: string,
): Promise<Dealt<K>> {
  if (!request) return failed([userError('NOT_FOUND', `no ${names[kind]} ${id}`, fields[kind])]);
  const refused = stateRefusal(kind, request);
  if (refused) return refused;
  assertKycApproved(await records.latestKycReview(request.investorUserId), request.investorUserId, fields[kind]);
  const reads = await readDealing(kind, request, records, today);
  const plan = planDealing(reads.facts);
  const recorded = await records.record(dealingWrite(dealer, request, reads, plan));
  return succeeded({ ...named(kind, fundRequestView(recorded.request)), dealing: dealingView(reads.facts, plan) });
}

export function createFundDealingService(deps: {
  requests: FundRequestTable;
  dealings: FundDealingTable;
  users: ActingUserDirectory;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The request as the caller's scope reaches it; a failure unless through the fund's administrator. */
  async function reach<K extends FundRequestKind>(dealer: FundDealer, kind: K, id: number): Promise<Dealt<K> | null> {
    const field = fields[kind];
    if (!Number.isInteger(id) || id < 1 || !fitsIntegerRowId(id))
      return failed([
        userError('VALIDATION_FAILED', `${field} must be a ${names[kind]} id: a whole number from 1`, field),
      ]);
    const row = await deps.requests.find(dealer.scope, kind, id);
    if (!row) return failed([userError('NOT_FOUND', `no ${names[kind]} ${id}`, field)]);
    if (!row.fundInScope) {
      const message = `${names[kind]} ${id} is processed by the fund's administrator, not by its investor's organization`;
      return failed([userError('FORBIDDEN', message, field)]);
    }
    await assertMayPerform(deps.users, {
      operation: operations[kind],
      actingUserId: dealer.actingUserId,
      organizationId: row.fundOrganizationId,
    });
    return null;
  }

  async function process<K extends FundRequestKind>(dealer: FundDealer, kind: K, id: number): Promise<Dealt<K>> {
    const refused = await reach(dealer, kind, id);
    if (refused) return refused;
    const today = now().toISOString().slice(0, 10);
    const outcome = await outcomeOf(() =>
      deps.dealings.transact(kind, id, (request, records) => deal(kind, dealer, id, request, records, today)),
    );
    return outcome.ok ? outcome.value : failed(outcome.errors);
  }

  return {
    processSubscription: (dealer: FundDealer, input: { subscriptionId: number }) =>
      process(dealer, 'subscription', input.subscriptionId),
    processRedemption: (dealer: FundDealer, input: { redemptionId: number }) =>
      process(dealer, 'redemption', input.redemptionId),
  };
}

export type FundDealingService = ReturnType<typeof createFundDealingService>;
