// The OTC quote mutations of the business API (schema.graphql `requestOtcQuote`,
// `calculateOtcQuote`, `refreshOtcQuote`; docs/trading.md#quotes). Each checks the input, finds the
// organization or quote within the caller's organization scope (anything outside it answers
// NOT_FOUND, as a missing one does; docs/identity.md#organization-scope), prices through otc-pricer.ts, and only then writes: a new PENDING quote that lives
// OTC_QUOTE_TTL_SECONDS, or a re-pricing of a live one with a new expiry. A calculation is priced
// the same way and stored nowhere. Time is the injected clock's, so expiry is decided by the
// service's `now`, never by a sleep. A requested quote is created at most once per
// `idempotencyKey` (docs/idempotency.md): a repeat answers the first quote as it is now.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { ClaimToComplete } from '../../records/idempotency/idempotency-key-table.ts';
import type { OtcQuoteRow, OtcQuoteTable } from '../../records/trading/otc-quote-table.ts';
import type { ActingCaller, ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { parseDecimal } from '../money/decimal.ts';
import { failed, type Outcome } from '../outcomes/outcome.ts';
import { failWith, outcomeOf, UserFailure } from '../outcomes/user-failure.ts';
import { assertMember } from './otc-caller.ts';
import type { Idempotency } from '../idempotency/idempotent-request.ts';
import { idempotencyKeyProblem } from '../idempotency/idempotency-key-check.ts';
import { requestDigest } from '../idempotency/request-digest.ts';
import { checkPricingInput, type CheckedPricingInput, type OtcPricingInput } from './otc-input-checks.ts';
import type { OtcPricer, PricedQuote } from './otc-pricer.ts';
import { settleQuoteState } from './otc-quote-state.ts';
import { quoteView, type OtcQuoteView } from './otc-quote-view.ts';

/** schema.graphql `OtcQuoteCalculation`. */
export interface OtcQuoteCalculationView {
  fromCurrency: string;
  toCurrency: string;
  side: PricedQuote['side'];
  quoteSize: string;
  exchangeRate: string;
  quoteFeePerc: number;
  feeAmount: string;
  total: string;
  /** ISO 8601 in UTC. */
  pricedAt: string;
}

export interface OtcQuoteServiceDeps {
  quotes: OtcQuoteTable;
  pricer: OtcPricer;
  users: ActingUserDirectory;
  /** OTC_QUOTE_TTL_SECONDS. */
  quoteTtlSeconds: number;
  idempotency: Idempotency;
  now?: () => Date;
}

/** What the mutations share: the tables, the pricer, the directory and the clock. */
interface QuoteDesk {
  readonly quotes: OtcQuoteTable;
  readonly pricer: OtcPricer;
  readonly users: ActingUserDirectory;
  readonly quoteTtlSeconds: number;
  readonly idempotency: Idempotency;
  readonly now: () => Date;
}

export function createOtcQuoteService(deps: OtcQuoteServiceDeps) {
  const desk: QuoteDesk = {
    quotes: deps.quotes,
    pricer: deps.pricer,
    users: deps.users,
    quoteTtlSeconds: deps.quoteTtlSeconds,
    idempotency: deps.idempotency,
    now: deps.now ?? (() => new Date()),
  };
  return {
    quoteInScope: (scope: OrganizationScope, quoteId: string): Promise<OtcQuoteRow> =>
      quoteInScope(desk, scope, quoteId),
    calculate: (
      scope: OrganizationScope,
      input: OtcPricingInput,
    ): Promise<Outcome<{ calculation: OtcQuoteCalculationView }>> => outcomeOf(() => calculate(desk, scope, input)),
    request: (caller: ActingCaller, input: RequestQuoteInput): Promise<Outcome<{ quote: OtcQuoteView }>> =>
      request(desk, caller, input),
    /**
     * Re-prices a live quote at today's price with a new expiry. A quote traded, withdrawn or
     * expired meanwhile (between the price and the write) answers its state error, unchanged.
     */
    refresh: (scope: OrganizationScope, input: { quoteId: string }): Promise<Outcome<{ quote: OtcQuoteView }>> =>
      outcomeOf(() => refresh(desk, scope, input.quoteId)),
  };
}

function expiryFrom(desk: QuoteDesk, pricedAt: Date): Date {
  return new Date(pricedAt.getTime() + desk.quoteTtlSeconds * 1000);
}

/** An existing organization in the scope; NOT_FOUND otherwise, as for a missing one. */
async function organizationInScope(desk: QuoteDesk, scope: OrganizationScope, organizationId: string): Promise<string> {
  if (!(await desk.quotes.organizationInScope(scope, organizationId)))
    failWith('NOT_FOUND', `no organization ${organizationId}`, 'organizationId');
  return organizationId;
}

/** A quote in the scope; NOT_FOUND otherwise. */
async function quoteInScope(desk: QuoteDesk, scope: OrganizationScope, quoteId: string): Promise<OtcQuoteRow> {
  const row = await desk.quotes.findQuote(scope, quoteId);
  if (!row) failWith('NOT_FOUND', `no quote ${quoteId}`, 'quoteId');
  return row;
}

/** Fails with the quote's state error unless it is live at `at`. */
async function assertLive(desk: QuoteDesk, row: OtcQuoteRow, at: Date): Promise<void> {
  const error = await settleQuoteState(desk.quotes, row, at);
  if (error) throw new UserFailure([error]);
}

async function calculate(
  desk: QuoteDesk,
  scope: OrganizationScope,
  input: OtcPricingInput,
): Promise<{ calculation: OtcQuoteCalculationView }> {
  const checked = checkPricingInput(input);
  const named = checked.organizationId;
  if (named !== null) await organizationInScope(desk, scope, named);
  const priced = await desk.pricer.price(checked);
  return { calculation: calculationView(priced, desk.now()) };
}

function calculationView(priced: PricedQuote, pricedAt: Date): OtcQuoteCalculationView {
  return {
    fromCurrency: priced.fromCurrency,
    toCurrency: priced.toCurrency,
    side: priced.side,
    quoteSize: priced.quoteSize,
    exchangeRate: priced.exchangeRate,
    quoteFeePerc: Number(priced.quoteFeePerc),
    feeAmount: priced.feeAmount,
    total: priced.total,
    pricedAt: pricedAt.toISOString(),
  };
}

/** schema.graphql `RequestOtcQuoteInput`. */
export interface RequestQuoteInput extends OtcPricingInput {
  idempotencyKey?: string | null;
}

type Quoted = Outcome<{ quote: OtcQuoteView }>;

/** Checked and allowed first; then priced and stored once per idempotency key. */
async function request(desk: QuoteDesk, caller: ActingCaller, input: RequestQuoteInput): Promise<Quoted> {
  let allowed: { checked: CheckedPricingInput; organizationId: string };
  try {
    allowed = await allowedRequest(desk, caller, input);
  } catch (error) {
    if (error instanceof UserFailure) return failed(error.errors);
    throw error;
  }
  const { checked, organizationId } = allowed;
  return desk.idempotency.run({
    organizationId,
    operation: 'requestOtcQuote',
    key: input.idempotencyKey,
    // The size is one amount whichever field carried it.
    digest: requestDigest([organizationId, checked.fromCurrency, checked.toCurrency, checked.side, checked.size]),
    run: (claim) => outcomeOf(() => priceAndStore(desk, caller, checked, organizationId, claim)),
    replay: (quoteId) =>
      outcomeOf(async () => ({ quote: quoteView(await quoteInScope(desk, caller.scope, quoteId), desk.now()) })),
  });
}

async function allowedRequest(
  desk: QuoteDesk,
  caller: ActingCaller,
  input: RequestQuoteInput,
): Promise<{ checked: CheckedPricingInput; organizationId: string }> {
  const checked = checkPricingInput(input);
  const keyProblem = idempotencyKeyProblem(input.idempotencyKey);
  if (keyProblem) throw new UserFailure([keyProblem]);
  const organizationId = await quotedOrganization(desk, caller, checked.organizationId);
  await assertMember(desk.users, caller, organizationId);
  await assertMayPerform(desk.users, {
    operation: 'requestOtcQuote',
    actingUserId: caller.actingUserId,
    organizationId,
  });
  return { checked, organizationId };
}

async function priceAndStore(
  desk: QuoteDesk,
  caller: ActingCaller,
  checked: CheckedPricingInput,
  organizationId: string,
  claim: ClaimToComplete | null,
): Promise<{ quote: OtcQuoteView }> {
  const priced = await desk.pricer.price(checked);
  const pricedAt = desk.now();
  const stored = await desk.quotes.insertQuote(
    {
      organizationId,
      userId: caller.actingUserId,
      productId: priced.productId,
      fromCurrency: priced.fromCurrency,
      toCurrency: priced.toCurrency,
      side: priced.side,
      quoteSize: priced.quoteSize,
      quoteFeePerc: priced.quoteFeePerc,
      exchangeRate: priced.exchangeRate,
      total: priced.total,
      createdAt: pricedAt,
      expiresAt: expiryFrom(desk, pricedAt),
    },
    claim,
  );
  return { quote: quoteView(stored, pricedAt) };
}

/** The organization a requested quote is for, in the caller's scope. */
async function quotedOrganization(desk: QuoteDesk, caller: ActingCaller, named: string | null): Promise<string> {
  // Unnamed, the quote is for the organization the scope is bound to.
  const organizationId = named ?? caller.scope.organizationId;
  if (organizationId === null)
    failWith(
      'VALIDATION_FAILED',
      'organizationId is required for an API key not bound to an organization',
      'organizationId',
    );
  return organizationInScope(desk, caller.scope, organizationId);
}

async function refresh(desk: QuoteDesk, scope: OrganizationScope, quoteId: string): Promise<{ quote: OtcQuoteView }> {
  const row = await quoteInScope(desk, scope, quoteId);
  await assertLive(desk, row, desk.now());
  const priced = await desk.pricer.price({
    fromCurrency: row.fromCurrency,
    toCurrency: row.toCurrency,
    side: row.side,
    size: parseDecimal(row.quoteSize),
    sizeField: null,
  });
  const pricedAt = desk.now();
  const price = { ...priced, expiresAt: expiryFrom(desk, pricedAt) };
  const repriced = await desk.quotes.repriceQuote(scope, row.id, price, pricedAt);
  if (repriced) return { quote: quoteView(repriced, pricedAt) };
  const current = await quoteInScope(desk, scope, row.id);
  await assertLive(desk, current, pricedAt);
  throw new Error(`quote ${row.id} is live but could not be re-priced`);
}

export type OtcQuoteService = ReturnType<typeof createOtcQuoteService>;
