// Mutation.cancelFundSubscription and Mutation.cancelFundRedemption through the real service on the
// demo data (schema.graphql; docs/funds.md): only a PENDING request is cancelled, recorded in the
// audit log for the acting user; a request belongs to its investor's organization (Erin: Aurora,
// Heidi: Meridian), the funds' administrator (Northbridge) sees it but may not cancel it, any other
// organization finds nothing, exactly as for a missing one. Concurrent cancels, and a cancel racing
// an approval through SQL or the data layer, have exactly one winner.
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asRole, dataOf, postGraphql } from '../data-layer/data-layer-client.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import type { TestApiKey } from '../support/test-api-keys.ts';
import { aurora, northbridge, scopeCallers } from './support/scope-callers.ts';

const api = await startBusinessApi({ seed: 'demo' });
const keys = await api.keys(scopeCallers('funds'));

test.after(() => api.close());

const requestFields = 'id fund { id name currency } investorUserId amount currency status createdAt updatedAt';
const cancelSubscription = `mutation ($id: Int!, $reason: String) {
  cancelFundSubscription(input: { subscriptionId: $id, reason: $reason }) {
    success errors { code message field } subscription { ${requestFields} }
  }
}`;
const cancelRedemption = `mutation ($id: Int!, $reason: String) {
  cancelFundRedemption(input: { redemptionId: $id, reason: $reason }) {
    success errors { code message field } redemption { ${requestFields} }
  }
}`;

/** The payload of a cancel, asserting HTTP 200 and no GraphQL error. */
async function cancel(
  kind: 'subscription' | 'redemption',
  key: TestApiKey,
  id: number,
  reason: string | null = null,
  headers: Record<string, string> = {},
) {
  const query = kind === 'subscription' ? cancelSubscription : cancelRedemption;
  const { status, body } = await api.graphql(query, { id, reason }, { key, headers });
  assert.is(status, 200, JSON.stringify(body));
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  return kind === 'subscription' ? body.data.cancelFundSubscription : body.data.cancelFundRedemption;
}

/** A request as the API answers it, from the stored row. */
async function stored(kind: 'subscription' | 'redemption', id: number) {
  const amount = kind === 'subscription' ? 'subscription_amount' : 'redemption_amount';
  const [row] = await api.rows(
    `SELECT r.id, f.id AS fund_id, f.name, f.currency, r.user_id, r.${amount}::text AS amount, upper(r.status) AS status,
       to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
       to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
     FROM fund_${kind} r JOIN fund f ON f.id = r.fund_id WHERE r.id = $1`,
    [id],
  );
  return {
    id: row.id,
    fund: { id: row.fund_id, name: row.name, currency: row.currency },
    investorUserId: row.user_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A new pending request of the investor in the Stablecoin Yield fund (2). */
async function pending(kind: 'subscription' | 'redemption', investor = 'demo-erin'): Promise<number> {
  const amount = kind === 'subscription' ? 'subscription_amount' : 'redemption_amount';
  const [row] = await api.rows(
    `INSERT INTO fund_${kind} (fund_id, user_id, ${amount}, created_at, updated_at)
     VALUES (2, $1, 1234.56, now() - interval '1 day', now() - interval '1 day') RETURNING id`,
    [investor],
  );
  return row.id;
}

/** Every fund request and the audit entries of cancels: what a refusal must leave alone. */
async function footprint() {
  return {
    subscriptions: await api.rows('SELECT id, status, updated_at FROM fund_subscription ORDER BY id'),
    redemptions: await api.rows('SELECT id, status, updated_at FROM fund_redemption ORDER BY id'),
    audit: await api.rows(`SELECT id FROM audit_log WHERE action LIKE 'fund_%.cancel' ORDER BY id`),
  };
}

async function auditOf(kind: 'subscription' | 'redemption', id: number) {
  return api.rows(
    `SELECT actor_user_id, actor_api_key_id, action, resource_type, request_id, details
     FROM audit_log WHERE resource_type = $1 AND resource_id = $2 ORDER BY id`,
    [`fund_${kind}`, String(id)],
  );
}

test('partner keys, keys without the funds scope and requests without a key are refused; nothing changes', async () => {
  const before = await footprint();
  for (const [field, query, id] of [
    ['cancelFundSubscription', cancelSubscription, 3],
    ['cancelFundRedemption', cancelRedemption, 2],
  ] as const) {
    const answer = async (key: TestApiKey | null) => {
      const { status, body } = await api.graphql(query, { id }, { key });
      return { status, data: body.data, errors: body.errors.map((e: any) => `${e.extensions.code}: ${e.message}`) };
    };
    assert.equal(await answer(keys.partner), {
      status: 200,
      data: null,
      errors: ['FORBIDDEN: partner API keys cannot use the business GraphQL API'],
    });
    assert.equal(await answer(keys.auroraWithoutScope), {
      status: 200,
      data: null,
      errors: [`FORBIDDEN: this API key lacks the 'funds' scope, which ${field} needs`],
    });
    assert.equal(await answer(null), {
      status: 401,
      data: undefined,
      errors: ['UNAUTHENTICATED: authentication required: send an X-API-Key header'],
    });
  }
  assert.equal(await footprint(), before);
});

test('a key bound to another organization finds the request exactly as a missing one; nothing changes', async () => {
  const before = await footprint();
  const hidden = await cancel('subscription', keys.meridian, 3);
  const missing = await cancel('subscription', keys.meridian, 999_999);
  assert.equal(hidden, {
    success: false,
    errors: [{ code: 'NOT_FOUND', message: 'no fund subscription 3', field: ['subscriptionId'] }],
    subscription: null,
  });
  assert.equal(JSON.parse(JSON.stringify(missing).replaceAll('999999', '3')), hidden);
  assert.equal(await cancel('redemption', keys.aurora, 2), {
    success: false,
    errors: [{ code: 'NOT_FOUND', message: 'no fund redemption 2', field: ['redemptionId'] }],
    redemption: null,
  });
  assert.equal(await footprint(), before);
});

test('the funds’ administrator sees the request but may not cancel it: FORBIDDEN; nothing changes', async () => {
  const before = await footprint();
  const message = "can only be cancelled by its investor's organization; the fund's administrator rejects it instead";
  assert.equal(await cancel('subscription', keys.northbridge, 3), {
    success: false,
    errors: [{ code: 'FORBIDDEN', message: `fund subscription 3 ${message}`, field: ['subscriptionId'] }],
    subscription: null,
  });
  assert.equal(await cancel('redemption', keys.northbridge, 2), {
    success: false,
    errors: [{ code: 'FORBIDDEN', message: `fund redemption 2 ${message}`, field: ['redemptionId'] }],
    redemption: null,
  });
  assert.equal(await footprint(), before);
});

test('the investor’s organization cancels a pending subscription: the row, the payload and the audit entry', async () => {
  const before = await stored('subscription', 3);
  assert.is(before.status, 'PENDING');
  const payload = await cancel('subscription', keys.aurora, 3, 'Investor changed her mind', {
    'x-acting-user': 'demo-erin',
    'x-request-id': 'fund-cancel-test-0001',
  });
  const after = await stored('subscription', 3);
  assert.equal(after, {
    ...before,
    status: 'CANCELLED',
    updatedAt: after.updatedAt,
  });
  assert.ok(after.updatedAt > before.updatedAt, `${after.updatedAt} is after ${before.updatedAt}`);
  assert.equal(payload, { success: true, errors: [], subscription: after });
  assert.equal(after.fund, { id: 2, name: 'Northbridge Stablecoin Yield Fund', currency: 'USD' });
  assert.equal([after.investorUserId, after.amount], ['demo-erin', '50000.00']);
  assert.equal(await auditOf('subscription', 3), [
    {
      actor_user_id: 'demo-erin',
      actor_api_key_id: keys.aurora.id,
      action: 'fund_subscription.cancel',
      resource_type: 'fund_subscription',
      request_id: 'fund-cancel-test-0001',
      details: {
        fundId: 2,
        investorUserId: 'demo-erin',
        amount: '50000.00',
        previousStatus: 'pending',
        reason: 'Investor changed her mind',
      },
    },
  ]);
});

test('an admin key bound to no organization cancels any pending redemption, recorded for its owner', async () => {
  const before = await stored('redemption', 2);
  const payload = await cancel('redemption', keys.admin, 2, null, { 'x-request-id': 'fund-cancel-test-0002' });
  const after = await stored('redemption', 2);
  assert.equal(after, { ...before, status: 'CANCELLED', updatedAt: after.updatedAt });
  assert.equal(payload, { success: true, errors: [], redemption: after });
  assert.equal(await auditOf('redemption', 2), [
    {
      actor_user_id: 'demo-admin',
      actor_api_key_id: keys.admin.id,
      action: 'fund_redemption.cancel',
      resource_type: 'fund_redemption',
      request_id: 'fund-cancel-test-0002',
      details: { fundId: 2, investorUserId: 'demo-heidi', amount: '25000.00', previousStatus: 'pending', reason: null },
    },
  ]);
});

test('a request that is not PENDING is INVALID_STATE with its unchanged current state', async () => {
  const before = await footprint();
  // Demo requests in every other status (src/db/seed/demo-funds.ts), and the two cancelled above.
  const cases = [
    ['subscription', 1, 'PROCESSED'],
    ['subscription', 2, 'APPROVED'],
    ['subscription', 4, 'REJECTED'],
    ['subscription', 5, 'CANCELLED'],
    ['subscription', 3, 'CANCELLED'],
    ['redemption', 1, 'PROCESSED'],
    ['redemption', 3, 'APPROVED'],
    ['redemption', 4, 'REJECTED'],
    ['redemption', 2, 'CANCELLED'],
  ] as const;
  for (const [kind, id, status] of cases) {
    const current = await stored(kind, id);
    assert.is(current.status, status);
    const field = kind === 'subscription' ? 'subscriptionId' : 'redemptionId';
    const message = `fund ${kind} ${id} is ${status}: only a PENDING fund ${kind} can be cancelled`;
    assert.equal(
      await cancel(kind, keys.admin, id),
      { success: false, errors: [{ code: 'INVALID_STATE', message, field: [field] }], [kind]: current },
      `${kind} ${id}`,
    );
  }
  assert.equal(await footprint(), before);
});

test('bad input is VALIDATION_FAILED naming the field, or a request error for a wrong type, a missing input or unstorable text; nothing changes', async () => {
  const id = await pending('subscription');
  const before = await footprint();
  const failure = (field: string, message: string) => ({
    success: false,
    errors: [{ code: 'VALIDATION_FAILED', message, field: [field] }],
    subscription: null,
  });
  const idMessage = 'subscriptionId must be a fund subscription id: a whole number from 1';
  const reasonMessage = 'reason must be 1 to 500 characters, not blank';
  assert.equal(await cancel('subscription', keys.aurora, 0), failure('subscriptionId', idMessage));
  assert.equal(await cancel('subscription', keys.aurora, -5), failure('subscriptionId', idMessage));
  assert.equal(await cancel('subscription', keys.aurora, id, ''), failure('reason', reasonMessage));
  assert.equal(await cancel('subscription', keys.aurora, id, '   '), failure('reason', reasonMessage));
  assert.equal(await cancel('subscription', keys.aurora, id, 'é'.repeat(501)), failure('reason', reasonMessage));
  // Text PostgreSQL cannot hold is refused by the transport, before any resolver (docs/requests.md#the-router).
  const nul = await api.graphql(cancelSubscription, { id, reason: 'a\u0000b' }, { key: keys.aurora });
  assert.equal(
    [nul.status, nul.body.errors.map((e: any) => `${e.extensions.code}: ${e.message}`)],
    [400, ['BAD_USER_INPUT: invalid request: body.variables.reason contains a NUL character']],
  );
  assert.equal((await cancel('redemption', keys.aurora, 0)).errors, [
    {
      code: 'VALIDATION_FAILED',
      message: 'redemptionId must be a fund redemption id: a whole number from 1',
      field: ['redemptionId'],
    },
  ]);
  const wrongType = await api.graphql(cancelSubscription, { id: 'three' }, { key: keys.aurora });
  assert.equal(
    [
      wrongType.status,
      wrongType.body.data,
      wrongType.body.errors.map((e: any) => `${e.extensions.code}: ${e.message}`),
    ],
    [
      200,
      undefined,
      ['BAD_USER_INPUT: Variable "$id" has invalid value: Int cannot represent non-integer value: "three"'],
    ],
  );
  const noInput = await api.graphql('mutation { cancelFundSubscription { success } }', undefined, { key: keys.aurora });
  assert.equal(
    [noInput.status, noInput.body.data, noInput.body.errors.map((e: any) => `${e.extensions.code}: ${e.message}`)],
    [
      200,
      undefined,
      [
        'GRAPHQL_VALIDATION_FAILED: Argument "Mutation.cancelFundSubscription(input:)" of type "CancelFundSubscriptionInput!" is required, but it was not provided.',
      ],
    ],
  );
  assert.equal(await footprint(), before);
  // 500 characters (code points, as PostgreSQL counts them) are accepted.
  assert.is((await cancel('subscription', keys.aurora, id, 'é'.repeat(500))).success, true);
});

test('an acting user outside the key’s organization is a GraphQL error and nothing changes', async () => {
  const id = await pending('subscription');
  const before = await footprint();
  const { status, body } = await api.graphql(
    cancelSubscription,
    { id },
    { key: keys.aurora, actingUser: 'demo-grace' },
  );
  assert.equal(
    { status, data: body.data, errors: body.errors.map((e: any) => `${e.extensions.code}: ${e.message}`) },
    { status: 200, data: null, errors: ["FORBIDDEN: X-Acting-User names no user of this API key's organization"] },
  );
  assert.equal(await footprint(), before);
});

test('20 concurrent cancels of one request over HTTP: exactly one succeeds, the others are INVALID_STATE', async () => {
  const id = await pending('subscription');
  const payloads = await Promise.all(Array.from({ length: 20 }, () => cancel('subscription', keys.aurora, id)));
  const cancelled = await stored('subscription', id);
  assert.is(cancelled.status, 'CANCELLED');
  const winners = payloads.filter((payload) => payload.success);
  assert.equal(winners, [{ success: true, errors: [], subscription: cancelled }]);
  const message = `fund subscription ${id} is CANCELLED: only a PENDING fund subscription can be cancelled`;
  for (const loser of payloads.filter((payload) => !payload.success))
    assert.equal(loser, {
      success: false,
      errors: [{ code: 'INVALID_STATE', message, field: ['subscriptionId'] }],
      subscription: cancelled,
    });
  assert.is(payloads.length - winners.length, 19);
  assert.is((await auditOf('subscription', id)).length, 1);
});

/** A second connection that holds an approval open, and waits until a cancel blocks on its row lock. */
async function approvalInFlight(kind: 'subscription' | 'redemption', id: number) {
  const approver = new pg.Client({ connectionString: api.service.databaseUrl });
  await approver.connect();
  await approver.query('BEGIN');
  const { rowCount } = await approver.query(
    `UPDATE fund_${kind} SET status = 'approved', updated_at = now() WHERE id = $1 AND status = 'pending'`,
    [id],
  );
  assert.is(rowCount, 1);
  return {
    /** Resolves once another backend waits for a lock (the cancel's UPDATE on this row); polled, no deadline. */
    async blocked() {
      for (;;) {
        const [{ waiting }] = await api.rows(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async end(outcome: 'COMMIT' | 'ROLLBACK') {
      await approver.query(outcome);
      await approver.end();
    },
  };
}

test('a cancel racing an approval committed through SQL loses: INVALID_STATE, the request APPROVED', async () => {
  const id = await pending('redemption', 'demo-heidi');
  const approval = await approvalInFlight('redemption', id);
  const cancelling = cancel('redemption', keys.meridian, id);
  await approval.blocked();
  await approval.end('COMMIT');
  const payload = await cancelling;
  const approved = await stored('redemption', id);
  assert.is(approved.status, 'APPROVED');
  assert.equal(payload, {
    success: false,
    errors: [
      {
        code: 'INVALID_STATE',
        message: `fund redemption ${id} is APPROVED: only a PENDING fund redemption can be cancelled`,
        field: ['redemptionId'],
      },
    ],
    redemption: approved,
  });
  assert.equal(await auditOf('redemption', id), []);
});

test('a cancel waiting on an approval that rolls back wins: the request is CANCELLED', async () => {
  const id = await pending('subscription');
  const approval = await approvalInFlight('subscription', id);
  const cancelling = cancel('subscription', keys.aurora, id);
  await approval.blocked();
  await approval.end('ROLLBACK');
  const payload = await cancelling;
  const cancelled = await stored('subscription', id);
  assert.is(cancelled.status, 'CANCELLED');
  assert.equal(payload, { success: true, errors: [], subscription: cancelled });
  assert.is((await auditOf('subscription', id)).length, 1);
});

test('the data layer’s fund manager approves only what is still pending: after a cancel nothing, before it the cancel fails', async () => {
  const fundManager = asRole('fund_manager', { 'x-data-organization-id': northbridge });
  const approve = async (id: number) =>
    dataOf(
      await postGraphql(
        api.service,
        `mutation { update_fund_subscription(where: {id: {_eq: ${id}}}, _set: {status: "approved"}) { affected_rows } }`,
        { headers: fundManager },
      ),
    ).update_fund_subscription.affected_rows;

  const cancelledFirst = await pending('subscription');
  assert.is((await cancel('subscription', keys.aurora, cancelledFirst)).success, true);
  assert.is(await approve(cancelledFirst), 0);
  assert.is((await stored('subscription', cancelledFirst)).status, 'CANCELLED');

  const approvedFirst = await pending('subscription');
  assert.is(await approve(approvedFirst), 1);
  const approved = await stored('subscription', approvedFirst);
  assert.equal((await cancel('subscription', keys.aurora, approvedFirst)).subscription, approved);
  assert.is(approved.status, 'APPROVED');
});

for (const [kind, operation, query] of [
  ['subscription', 'cancelFundSubscription', cancelSubscription],
  ['redemption', 'cancelFundRedemption', cancelRedemption],
] as const) {
  test(`${operation} needs organization_admin, or investor for their own request (permissions.yaml business_operations)`, async () => {
    const id = await pending(kind);
    const before = await footprint();
    const needs = (who: string) =>
      `${operation} needs one of the roles organization_admin, platform_administrator (or investor for their own records) in organization ${aurora}, which ${who} does not hold (permissions.yaml business_operations)`;
    const refusals = [];
    for (const who of ['demo-bob', 'demo-frank']) {
      const { body } = await api.graphql(query, { id, reason: null }, { key: keys.aurora, actingUser: who });
      refusals.push(body.errors.map((error: any) => [error.extensions.code, error.message]));
    }
    assert.equal(refusals, [[['FORBIDDEN', needs('demo-bob')]], [['FORBIDDEN', needs('demo-frank')]]]);
    assert.equal(await footprint(), before);
    // demo-erin holds investor in Aurora: her own request, yes.
    const own = await cancel(kind, keys.aurora, id, null, { 'x-acting-user': 'demo-erin' });
    const request = kind === 'subscription' ? own.subscription : own.redemption;
    assert.equal([own.success, request.status], [true, 'CANCELLED']);
    assert.equal(
      (await auditOf(kind, id)).map((entry: any) => entry.actor_user_id),
      ['demo-erin'],
    );
  });
}

test.run();
