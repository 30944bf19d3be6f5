// Cancelling fund subscriptions and redemptions (schema.graphql `cancelFundSubscription`,
// `cancelFundRedemption`; docs/funds.md). Only a PENDING request can be cancelled
// (docs/domain.md#funds), and exactly one of concurrent cancels and approvals wins: the table
// changes the row only while it is still pending. A request belongs to its investor's
// organization: a key whose scope reaches it cancels, a key bound to the fund's administrator sees
// the request but may not cancel it (FORBIDDEN: the administrator rejects instead), any other key
// finds nothing, exactly as for a missing request; the table reads the request within the scope and
// says which of the two reaches it (docs/identity.md#organization-scope). The acting person must
// hold a role permissions.yaml business_operations lists in the investor's organization (an
// investor: for their own request only; src/domain/identity/operation-roles.ts).
import type { FundRequestKind, FundRequestTable, ScopedFundRequestRow } from '../../access/funds/fund-request-table.ts';
import { fitsIntegerRowId } from '../../access/integer-row-id.ts';
import type { ActingCaller, ActingUserDirectory } from '../identity/acting-user.ts';
import { assertMayPerform } from '../identity/operation-roles.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';
import { undisplayableText } from '../text/display-text.ts';
import { unstorableText } from '../text/storable-text.ts';
import { type FundRequestView, fundRequestView } from './fund-request-view.ts';

/** schema.graphql "Optional reason, up to 500 characters". */
export const reasonMaxLength = 500;

/** Who cancels: the key's organization scope and acting user, and what else the audit entry records. */
export interface FundCanceller extends ActingCaller {
  readonly apiKeyId: string;
  readonly requestId: string;
}

/** schema.graphql `CancelFundSubscriptionInput`. */
export interface CancelSubscriptionInput {
  subscriptionId: number;
  reason?: string | null;
}

/** schema.graphql `CancelFundRedemptionInput`. */
export interface CancelRedemptionInput {
  redemptionId: number;
  reason?: string | null;
}

/** The request after the call, named as the payload names it (`subscription`, `redemption`). */
export type Cancelled<K extends FundRequestKind> = Outcome<Record<K, FundRequestView>>;

/** `{ subscription: view }` or `{ redemption: view }`. */
function named<K extends FundRequestKind>(kind: K, view: FundRequestView): Record<K, FundRequestView> {
  return { [kind]: view } as Record<K, FundRequestView>;
}

const names = { subscription: 'fund subscription', redemption: 'fund redemption' } as const;
const operations = { subscription: 'cancelFundSubscription', redemption: 'cancelFundRedemption' } as const;

function inputErrors(kind: FundRequestKind, field: string, id: number, reason: string | null | undefined): UserError[] {
  const errors: UserError[] = [];
  if (!Number.isInteger(id) || id < 1 || !fitsIntegerRowId(id))
    errors.push(userError('VALIDATION_FAILED', `${field} must be a ${names[kind]} id: a whole number from 1`, field));
  if (reason !== null && reason !== undefined) {
    const problem = unstorableText(reason) ?? undisplayableText(reason, { multiline: true });
    if (problem) errors.push(userError('VALIDATION_FAILED', `reason ${problem}`, 'reason'));
    else if (reason.trim() === '' || [...reason].length > reasonMaxLength)
      errors.push(
        userError('VALIDATION_FAILED', `reason must be 1 to ${reasonMaxLength} characters, not blank`, 'reason'),
      );
  }
  return errors;
}

/** Why a request the conditional cancel did not change was left alone. */
function refusal<K extends FundRequestKind>(
  kind: K,
  field: string,
  id: number,
  row: ScopedFundRequestRow | null,
): Cancelled<K> {
  if (row?.investorInScope) {
    const current = fundRequestView(row);
    const message = `${names[kind]} ${id} is ${current.status}: only a PENDING ${names[kind]} can be cancelled`;
    return failed([userError('INVALID_STATE', message, field)], named(kind, current));
  }
  if (row) {
    const message = `${names[kind]} ${id} can only be cancelled by its investor's organization; the fund's administrator rejects it instead`;
    return failed([userError('FORBIDDEN', message, field)]);
  }
  return failed([userError('NOT_FOUND', `no ${names[kind]} ${id}`, field)]);
}

export function createFundRequestService(deps: { table: FundRequestTable; users: ActingUserDirectory }) {
  /** The role check, in the investor's organization, for a request the caller may cancel. */
  async function assertMayCancel(caller: FundCanceller, kind: FundRequestKind, id: number): Promise<void> {
    const row = await deps.table.find(caller.scope, kind, id);
    if (!row?.investorInScope) return;
    await assertMayPerform(deps.users, {
      operation: operations[kind],
      actingUserId: caller.actingUserId,
      organizationId: row.investorOrganizationId,
      recordOwnerUserId: row.investorUserId,
    });
  }

  async function cancel<K extends FundRequestKind>(
    caller: FundCanceller,
    kind: K,
    field: string,
    id: number,
    reason: string | null | undefined,
  ): Promise<Cancelled<K>> {
    const errors = inputErrors(kind, field, id, reason);
    if (errors.length > 0) return failed(errors);
    await assertMayCancel(caller, kind, id);
    const cancelled = await deps.table.cancelPending({
      kind,
      id,
      scope: caller.scope,
      actingUserId: caller.actingUserId,
      apiKeyId: caller.apiKeyId,
      requestId: caller.requestId,
      reason: reason ?? null,
    });
    if (cancelled) return succeeded(named(kind, fundRequestView(cancelled)));
    return refusal(kind, field, id, await deps.table.find(caller.scope, kind, id));
  }

  return {
    cancelSubscription: (caller: FundCanceller, input: CancelSubscriptionInput) =>
      cancel(caller, 'subscription', 'subscriptionId', input.subscriptionId, input.reason),
    cancelRedemption: (caller: FundCanceller, input: CancelRedemptionInput) =>
      cancel(caller, 'redemption', 'redemptionId', input.redemptionId, input.reason),
  };
}

export type FundRequestService = ReturnType<typeof createFundRequestService>;
