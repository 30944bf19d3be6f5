// Mutation.processFundSubscription and Mutation.processFundRedemption through the real service on
// the demo data (schema.graphql; docs/funds.md#dealing): an APPROVED request of an investor whose
// KYC is completed GREEN is dealt at the NAV of its dealing date (the first NAV on or after the day
// it was made), its units (checked against PostgreSQL's own numeric division), register row,
// journal transfers, account balance, status and audit entry written together; the capital
// statement then shows it, with the journal's figure as its closing balance. Concurrent and
// repeated processing deals once; a redemption beyond the holding, an investor without GREEN KYC
// and a dealing date without a NAV are refused with nothing written; the data layer cannot make a
// request processed; only the fund's signatory processes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { asRole, demo, errorOf, postGraphql } from '../data-layer/data-layer-client.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { pdfText } from '../support/pdf-text.ts';
import type { TestApiKey } from '../support/test-api-keys.ts';
import { aurora, meridian, northbridge } from './support/scope-callers.ts';

const api = await startBusinessApi({ seed: 'demo' });
const keys = await api.keys({
  signatory: { organization: northbridge, scopes: ['funds'], owner: 'demo-peggy' },
  manager: { organization: northbridge, scopes: ['funds'], owner: 'demo-olivia' },
  aurora: { organization: aurora, scopes: ['funds'], owner: 'demo-alice' },
  meridian: { organization: meridian, scopes: ['funds'], owner: 'demo-grace' },
  admin: { kind: 'admin', owner: 'demo-admin' },
  withoutScope: { organization: northbridge, scopes: ['read', 'documents'], owner: 'demo-peggy' },
  statements: { organization: aurora, scopes: ['documents'], owner: 'demo-alice' },
});

test.after(() => api.close());

type Kind = 'subscription' | 'redemption';

const requestFields =
  'id fund { id name currency } investorUserId amount currency status processedByUserId createdAt updatedAt';
const dealingFields = 'dealingDate navPerUnit amount units unitsHeld capitalBalance';
const mutations: Record<Kind, string> = {
  subscription: `mutation ($id: Int!) { processFundSubscription(input: { subscriptionId: $id }) {
    success errors { code message field } subscription { ${requestFields} } dealing { ${dealingFields} } } }`,
  redemption: `mutation ($id: Int!) { processFundRedemption(input: { redemptionId: $id }) {
    success errors { code message field } redemption { ${requestFields} } dealing { ${dealingFields} } } }`,
};
const fields = { subscription: 'subscriptionId', redemption: 'redemptionId' } as const;
const amountColumns = { subscription: 'subscription_amount', redemption: 'redemption_amount' } as const;

/** The payload of a process call, asserting HTTP 200 and no GraphQL error. */
async function processRequest(kind: Kind, key: TestApiKey | string, id: number, actingUser?: string) {
  const { status, body } = await api.graphql(mutations[kind], { id }, { key, actingUser });
  assert.is(status, 200, JSON.stringify(body));
  assert.is(body.errors, undefined, JSON.stringify(body.errors));
  return kind === 'subscription' ? body.data.processFundSubscription : body.data.processFundRedemption;
}

/** A request of `investor` in `fund`, made on `madeAt` (UTC), in `status`. */
async function request(
  kind: Kind,
  fund: number,
  investor: string,
  amount: string,
  madeAt: string,
  status = 'approved',
) {
  const [row] = await api.rows(
    `INSERT INTO fund_${kind} (fund_id, user_id, ${amountColumns[kind]}, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [fund, investor, amount, status, madeAt],
  );
  return row.id as number;
}

/** A request as the API answers it, from the stored row. */
async function stored(kind: Kind, id: number) {
  const [row] = await api.rows(
    `SELECT r.id, f.id AS fund_id, f.name, f.currency, r.user_id, r.${amountColumns[kind]}::text AS amount, upper(r.status) AS status,
       r.processed_by_user_id,
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
    processedByUserId: row.processed_by_user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The oracle: units = amount / NAV cut to 8 places by PostgreSQL's numeric division (at 30 places
 * first, so nothing rounds into the 8th), the holding after the dealing from the register before
 * it, and its value at the NAV rounded to cents.
 */
async function expectedDealing(kind: Kind, fund: number, investor: string, amount: string, nav: string) {
  const [row] = await api.rows(
    `WITH d AS (SELECT trunc($3::numeric(60, 30) / $4::numeric, 8) AS units),
       h AS (SELECT coalesce(sum(CASE kind WHEN 'subscription' THEN units ELSE -units END), 0) AS held
             FROM fund_capital_movement WHERE fund_id = $1 AND user_id = $2 AND units IS NOT NULL),
       a AS (SELECT round(h.held + CASE $5 WHEN 'subscription' THEN d.units ELSE -d.units END, 8) AS after FROM d, h)
     SELECT d.units::text AS units, a.after::text AS "unitsHeld", round(a.after * $4::numeric, 2)::text AS "capitalBalance"
     FROM d, a`,
    [fund, investor, amount, nav, kind],
  );
  return row as { units: string; unitsHeld: string; capitalBalance: string };
}

/** Cents of a 2-decimal string as base units of USD (2 decimals, docs/ledger.md#accounts). */
const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** The investor's fund_capital account: its posted balance in base units, or null when never opened. */
async function capitalAccount(fund: number, investor: string) {
  const [row] = await api.rows(
    `SELECT id, (credits_posted - debits_posted)::text AS posted FROM ledger_account
     WHERE kind = 'fund_capital' AND fund_id = $1 AND user_id = $2 AND asset = 'USD'`,
    [fund, investor],
  );
  return row ? { id: row.id as number, posted: BigInt(row.posted) } : null;
}

/** The journal transfers of a request: id, accounts by kind, amount, link. */
async function transfersOf(kind: Kind, id: number) {
  return api.rows(
    `SELECT t.id, t.kind, t.asset, t.amount::text, t.linked_id, d.kind AS debit, c.kind AS credit,
       coalesce(d.fund_id, c.fund_id) AS fund_id, coalesce(d.user_id, c.user_id) AS user_id, t.metadata
     FROM ledger_transfer t JOIN ledger_account d ON d.id = t.debit_account_id JOIN ledger_account c ON c.id = t.credit_account_id
     WHERE t.id = $1 OR t.id LIKE $1 || ':%' ORDER BY t.position`,
    [`fund_${kind}:${id}`],
  );
}

async function movementOf(kind: Kind, id: number) {
  return api.rows(
    `SELECT fund_id, user_id, kind, to_char(effective_date, 'YYYY-MM-DD') AS effective_date, units::text, amount::text
     FROM fund_capital_movement WHERE ${kind}_id = $1`,
    [id],
  );
}

async function auditOf(kind: Kind, id: number) {
  return api.rows(
    `SELECT actor_user_id, actor_api_key_id, action, resource_type, details FROM audit_log
     WHERE resource_type = $1 AND resource_id = $2 ORDER BY id`,
    [`fund_${kind}`, String(id)],
  );
}

/** Everything a refused dealing must leave alone. */
async function footprint() {
  return {
    subscriptions: await api.rows('SELECT id, status, updated_at FROM fund_subscription ORDER BY id'),
    redemptions: await api.rows('SELECT id, status, updated_at FROM fund_redemption ORDER BY id'),
    movements: await api.rows('SELECT id FROM fund_capital_movement ORDER BY id'),
    accounts: await api.rows('SELECT id, debits_posted, credits_posted FROM ledger_account ORDER BY id'),
    transfers: await api.rows('SELECT id FROM ledger_transfer ORDER BY position'),
    audit: await api.rows('SELECT id FROM audit_log ORDER BY id'),
  };
}

const refusal = (kind: Kind, code: string, message: string) => ({
  success: false,
  errors: [{ code, message, field: [fields[kind]] }],
  [kind]: null,
  dealing: null,
});

/** The capital statement's text for a period, with whitespace collapsed. */
async function statement(fund: number, investor: string, periodStart: string, periodEnd: string) {
  const { body } = await api.graphql(
    `mutation ($input: DownloadFundInvestorCapitalStatementPdfInput!) {
      downloadFundInvestorCapitalStatementPdf(input: $input) { success errors { code message } document { contentBase64 } } }`,
    { input: { fundId: fund, investorUserId: investor, periodStart, periodEnd } },
    { key: keys.statements },
  );
  const payload = body.data.downloadFundInvestorCapitalStatementPdf;
  if (!payload.success) return { errors: payload.errors, text: '' };
  const text = await pdfText(Buffer.from(payload.document.contentBase64, 'base64'));
  return { errors: [], text: text.replace(/\s+/g, ' ') };
}

/** US$ with thousands separators, as the statement prints money (`-US$` for a negative). */
function usd(amount: string): string {
  const [whole, fraction] = amount.replace('-', '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}US$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** The journal's posted balance of base units as a 2-decimal string. */
const asMoney = (baseUnits: bigint) => `${baseUnits / 100n}.${String(baseUnits % 100n).padStart(2, '0')}`;

test('a subscription is dealt at its dealing date’s NAV: units, register, journal, status, audit, statement', async () => {
  // Erin's subscription 3 into fund 2 (50,000.00, made 29 December 2025) is pending in the demo
  // data; she holds nothing in fund 2, so the statement finds no capital before the dealing.
  assert.equal((await statement(2, 'demo-erin', '2025-10-01', '2025-12-31')).errors, [
    { code: 'NOT_FOUND', message: 'investor demo-erin holds no capital in fund 2 on or before 2025-12-31' },
  ]);
  await api.rows(`UPDATE fund_subscription SET status = 'approved' WHERE id = 3`);
  const expected = await expectedDealing('subscription', 2, 'demo-erin', '50000.00', '1018.20450000');
  const payload = await processRequest('subscription', keys.signatory, 3);
  assert.equal(payload, {
    success: true,
    errors: [],
    subscription: { ...(await stored('subscription', 3)), status: 'PROCESSED', processedByUserId: 'demo-peggy' },
    dealing: { dealingDate: '2025-12-31', navPerUnit: '1018.20450000', amount: '50000.00', ...expected },
  });
  // The fund manager who processed it is on the row (migration 0020) as in the audit entry below.
  assert.equal(await api.rows('SELECT processed_by_user_id FROM fund_subscription WHERE id = 3'), [
    { processed_by_user_id: 'demo-peggy' },
  ]);
  assert.is(expected.units, expected.unitsHeld);
  assert.equal(await movementOf('subscription', 3), [
    {
      fund_id: 2,
      user_id: 'demo-erin',
      kind: 'subscription',
      effective_date: '2025-12-31',
      units: expected.units,
      amount: '50000.00',
    },
  ]);
  // The account carries the holding's value: the amount, plus a revaluation only where the
  // rounded-down units are worth a cent less than it.
  const revaluation = cents(expected.capitalBalance) - cents('50000.00');
  const account = await capitalAccount(2, 'demo-erin');
  assert.is(account?.posted, cents(expected.capitalBalance));
  const facts = {
    subscriptionId: 3,
    fundId: 2,
    investorUserId: 'demo-erin',
    currency: 'USD',
    dealingDate: '2025-12-31',
    navPerUnit: '1018.20450000',
    amount: '50000.00',
    ...expected,
  };
  const main = {
    id: 'fund_subscription:3',
    kind: 'single',
    asset: 'USD',
    amount: '5000000',
    debit: 'world',
    credit: 'fund_capital',
    fund_id: 2,
    user_id: 'demo-erin',
    metadata: facts,
  };
  assert.equal(
    await transfersOf('subscription', 3),
    revaluation === 0n
      ? [{ ...main, linked_id: null }]
      : [
          { ...main, linked_id: 'fund_subscription:3' },
          {
            ...main,
            id: 'fund_subscription:3:revaluation',
            amount: String(revaluation < 0n ? -revaluation : revaluation),
            debit: revaluation < 0n ? 'fund_capital' : 'world',
            credit: revaluation < 0n ? 'world' : 'fund_capital',
            linked_id: 'fund_subscription:3',
          },
        ],
  );
  assert.equal(await auditOf('subscription', 3), [
    {
      actor_user_id: 'demo-peggy',
      actor_api_key_id: keys.signatory.id,
      action: 'fund_subscription.process',
      resource_type: 'fund_subscription',
      details: {
        ...facts,
        previousStatus: 'approved',
        transferIds:
          revaluation === 0n ? ['fund_subscription:3'] : ['fund_subscription:3', 'fund_subscription:3:revaluation'],
      },
    },
  ]);
  const { text } = await statement(2, 'demo-erin', '2025-10-01', '2025-12-31');
  assert.ok(text.includes('Contributions US$50,000.00'), text);
  // The statement's closing balance is the journal's balance of her capital account.
  assert.ok(text.includes(`Closing balance, 31 December 2025 ${usd(asMoney(account!.posted))}`), text);
  assert.ok(text.includes(`31 December 2025 Subscription`), text);
});

test('a redemption revalues the capital account to the holding’s value, so the journal agrees with the statement', async () => {
  // Erin holds 225 units of fund 1 from the demo register, which the journal never saw: her first
  // dealing there brings her account to the holding's value at the dealing NAV.
  assert.is(await capitalAccount(1, 'demo-erin'), null);
  const id = await request('redemption', 1, 'demo-erin', '10000.00', '2025-12-30T10:00:00Z');
  const expected = await expectedDealing('redemption', 1, 'demo-erin', '10000.00', '1243.56120000');
  const payload = await processRequest('redemption', keys.signatory, id);
  assert.equal(payload.dealing, {
    dealingDate: '2025-12-31',
    navPerUnit: '1243.56120000',
    amount: '10000.00',
    ...expected,
  });
  assert.is(payload.redemption.status, 'PROCESSED');
  const balance = cents(expected.capitalBalance);
  assert.is((await capitalAccount(1, 'demo-erin'))?.posted, balance);
  assert.equal(
    (await transfersOf('redemption', id)).map((t) => [t.id, t.debit, t.credit, t.amount, t.linked_id]),
    [
      [
        `fund_redemption:${id}:revaluation`,
        'world',
        'fund_capital',
        String(balance + cents('10000.00')),
        `fund_redemption:${id}`,
      ],
      [`fund_redemption:${id}`, 'fund_capital', 'world', '1000000', `fund_redemption:${id}`],
    ],
  );
  const { text } = await statement(1, 'demo-erin', '2025-10-01', '2025-12-31');
  assert.ok(text.includes('Redemptions -US$40,000.00'), text);
  assert.ok(text.includes(`Closing balance, 31 December 2025 ${usd(asMoney(balance))}`), text);
});

test('a redemption of more units than the investor holds is INSUFFICIENT_BALANCE; nothing is written', async () => {
  const id = await request('redemption', 1, 'demo-erin', '1000000.00', '2025-12-30T10:00:00Z');
  const [{ held }] = await api.rows(
    `SELECT sum(CASE kind WHEN 'subscription' THEN units ELSE -units END)::text AS held
     FROM fund_capital_movement WHERE fund_id = 1 AND user_id = 'demo-erin' AND units IS NOT NULL`,
  );
  const { units } = await expectedDealing('redemption', 1, 'demo-erin', '1000000.00', '1243.56120000');
  const before = await footprint();
  assert.equal(
    await processRequest('redemption', keys.signatory, id),
    refusal(
      'redemption',
      'INSUFFICIENT_BALANCE',
      `fund redemption ${id} redeems ${units} units of fund 1 at the NAV per unit 1243.56120000 USD of 2025-12-31, but demo-erin holds ${held} units from that day on`,
    ),
  );
  assert.equal(await footprint(), before);
});

test('20 concurrent processes of one subscription deal it once; a later one is INVALID_STATE', async () => {
  const id = await request('subscription', 2, 'demo-erin', '1234.56', '2025-12-30T10:00:00Z');
  const accountBefore = await capitalAccount(2, 'demo-erin');
  const payloads = await Promise.all(
    Array.from({ length: 20 }, () => processRequest('subscription', keys.signatory, id)),
  );
  const processed = { ...(await stored('subscription', id)) };
  assert.is(processed.status, 'PROCESSED');
  const won = payloads.filter((payload) => payload.success);
  assert.is(won.length, 1);
  const lost = {
    success: false,
    errors: [
      {
        code: 'INVALID_STATE',
        message: `fund subscription ${id} is PROCESSED: only an APPROVED fund subscription can be processed`,
        field: ['subscriptionId'],
      },
    ],
    subscription: processed,
    dealing: null,
  };
  assert.equal(
    payloads.filter((payload) => !payload.success),
    Array.from({ length: 19 }, () => lost),
  );
  assert.equal(await processRequest('subscription', keys.signatory, id), lost);
  assert.is((await movementOf('subscription', id)).length, 1);
  assert.is((await auditOf('subscription', id)).length, 1);
  const transfers = await transfersOf('subscription', id);
  assert.equal(transfers.find((t) => t.id === `fund_subscription:${id}`)?.amount, '123456', JSON.stringify(transfers));
  assert.is((await capitalAccount(2, 'demo-erin'))?.posted, cents(won[0].dealing.capitalBalance));
  assert.ok(accountBefore !== null && accountBefore.posted < cents(won[0].dealing.capitalBalance));
});

test('two concurrent redemptions that together exceed the holding: one is dealt, the other INSUFFICIENT_BALANCE', async () => {
  // Fund 2 at 1,018.2045: Erin's units are worth about 51,234.56; each redemption is most of it.
  const first = await request('redemption', 2, 'demo-erin', '30000.00', '2025-12-30T10:00:00Z');
  const second = await request('redemption', 2, 'demo-erin', '30000.00', '2025-12-30T10:00:00Z');
  const payloads = await Promise.all([
    processRequest('redemption', keys.signatory, first),
    processRequest('redemption', keys.signatory, second),
  ]);
  assert.equal(payloads.map((payload) => payload.success || payload.errors[0].code).sort(), [
    'INSUFFICIENT_BALANCE',
    true,
  ]);
  const [{ held }] = await api.rows(
    `SELECT sum(CASE kind WHEN 'subscription' THEN units ELSE -units END)::text AS held
     FROM fund_capital_movement WHERE fund_id = 2 AND user_id = 'demo-erin'`,
  );
  assert.ok(Number(held) > 0, held);
  const won = payloads.find((payload) => payload.success);
  assert.is(won.dealing.unitsHeld, held);
  assert.is((await capitalAccount(2, 'demo-erin'))?.posted, cents(won.dealing.capitalBalance));
});

test('an investor whose KYC is not completed GREEN is KYC_NOT_APPROVED, nothing is written; once GREEN she deals', async () => {
  // Heidi's review is completed RED (RETRY); her subscription 2 into fund 1 is approved.
  const before = await footprint();
  assert.equal(
    await processRequest('subscription', keys.signatory, 2),
    refusal(
      'subscription',
      'KYC_NOT_APPROVED',
      "demo-heidi's KYC review was completed RED (RETRY): fund requests are processed only for investors whose KYC review is completed GREEN",
    ),
  );
  const judys = await request('subscription', 2, 'demo-judy', '1000.00', '2025-12-30T10:00:00Z');
  const olivias = await request('redemption', 2, 'demo-olivia', '1000.00', '2025-12-30T10:00:00Z');
  const withRequests = await footprint();
  assert.equal(
    await processRequest('subscription', keys.signatory, judys),
    refusal(
      'subscription',
      'KYC_NOT_APPROVED',
      "demo-judy's KYC review is pending: fund requests are processed only for investors whose KYC review is completed GREEN",
    ),
  );
  assert.equal(
    await processRequest('redemption', keys.signatory, olivias),
    refusal(
      'redemption',
      'KYC_NOT_APPROVED',
      'demo-olivia has no KYC profile: fund requests are processed only for investors whose KYC review is completed GREEN',
    ),
  );
  assert.equal(await footprint(), withRequests);
  assert.equal(before.movements, withRequests.movements);
  // A new review, completed GREEN, is her latest: it decides.
  await api.rows(
    `INSERT INTO kyc_profile (user_id, organization_id, review_status, review_answer, updated_at)
     VALUES ('demo-heidi', $1, 'completed', 'GREEN', now())`,
    [meridian],
  );
  const expected = await expectedDealing('subscription', 1, 'demo-heidi', '100000.00', '1243.56120000');
  const payload = await processRequest('subscription', keys.signatory, 2);
  assert.equal(
    [payload.success, payload.dealing],
    [true, { dealingDate: '2025-12-31', navPerUnit: '1243.56120000', amount: '100000.00', ...expected }],
  );
});

test('a request made after the fund’s latest NAV waits for its dealing date’s NAV: NAV_NOT_PUBLISHED, then dealt at it', async () => {
  const id = await request('subscription', 2, 'demo-erin', '2000.00', new Date().toISOString());
  const [{ today }] = await api.rows(`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today`);
  const before = await footprint();
  assert.equal(
    await processRequest('subscription', keys.signatory, id),
    refusal(
      'subscription',
      'NAV_NOT_PUBLISHED',
      `fund 2 has published no NAV per unit on or after ${today}, the day fund subscription ${id} was made: it is dealt at the NAV of its dealing date, once published`,
    ),
  );
  assert.equal(await footprint(), before);
  await api.rows(`INSERT INTO fund_nav (fund_id, nav_date, nav_per_unit) VALUES (2, $1, 1020.5)`, [today]);
  const expected = await expectedDealing('subscription', 2, 'demo-erin', '2000.00', '1020.50000000');
  const payload = await processRequest('subscription', keys.signatory, id);
  assert.equal(payload.dealing, { dealingDate: today, navPerUnit: '1020.50000000', amount: '2000.00', ...expected });
});

test('the data layer cannot make a request processed: FORBIDDEN naming the mutation, nothing changes', async () => {
  const id = await request('subscription', 2, 'demo-erin', '500.00', '2025-12-30T10:00:00Z');
  const before = await footprint();
  const signatory = asRole('fund_signatory', { 'x-data-organization-id': demo.northbridge });
  const byRole = errorOf(
    await postGraphql(
      api.service,
      `mutation { update_fund_subscription_by_pk(pk_columns: {id: ${id}}, _set: {status: "processed"}) { id } }`,
      { headers: signatory },
    ),
  );
  assert.equal(byRole, {
    message:
      "a fund subscription becomes 'processed' only through the business API's processFundSubscription, which issues its units at the dealing NAV and writes the fund's register and journal in the same transaction (docs/funds.md#dealing); nothing was written",
    extensions: { code: 'FORBIDDEN', path: '$' },
  });
  const redemption = errorOf(
    await postGraphql(
      api.service,
      `mutation { update_fund_redemption(where: {id: {_eq: 3}}, _set: {status: "processed"}) { affected_rows } }`,
      {
        headers: signatory,
      },
    ),
  );
  assert.match(
    redemption.message,
    /^a fund redemption becomes 'processed' only through the business API's processFundRedemption, /,
  );
  const inserted = errorOf(
    await postGraphql(
      api.service,
      `mutation { insert_fund_subscription_one(object: {fund_id: 2, user_id: "demo-erin", subscription_amount: "1.00", status: "processed"}) { id } }`,
      { headers: asRole(null) },
    ),
  );
  assert.equal(inserted.extensions.code, 'FORBIDDEN');
  assert.match(inserted.message, /processFundSubscription/);
  assert.equal(await footprint(), before);
  // Rejecting stays the signatory's, as before.
  const rejected = await postGraphql(
    api.service,
    `mutation { update_fund_subscription_by_pk(pk_columns: {id: ${id}}, _set: {status: "rejected"}) { status } }`,
    { headers: signatory },
  );
  assert.equal(rejected.body, { data: { update_fund_subscription_by_pk: { status: 'rejected' } } });
});

test('only the fund’s signatory processes: other roles, the investor’s organization, others and bad ids are refused', async () => {
  const id = await request('subscription', 2, 'demo-erin', '700.00', '2025-12-30T10:00:00Z');
  const before = await footprint();
  const graphqlErrors = async (key: TestApiKey | null, actingUser?: string) => {
    const { body } = await api.graphql(mutations.subscription, { id }, { key, actingUser });
    return body.errors?.map((error: any) => `${error.extensions.code}: ${error.message}`);
  };
  assert.equal(await graphqlErrors(keys.manager), [
    `FORBIDDEN: processFundSubscription needs one of the roles fund_signatory in organization ${northbridge}, which demo-olivia does not hold (permissions.yaml business_operations)`,
  ]);
  assert.equal(await graphqlErrors(keys.admin), [
    `FORBIDDEN: processFundSubscription needs one of the roles fund_signatory in organization ${northbridge}, which demo-admin does not hold (permissions.yaml business_operations)`,
  ]);
  assert.equal(await graphqlErrors(keys.withoutScope), [
    "FORBIDDEN: this API key lacks the 'funds' scope, which processFundSubscription needs",
  ]);
  assert.equal(await processRequest('subscription', keys.aurora, id), {
    success: false,
    errors: [
      {
        code: 'FORBIDDEN',
        message: `fund subscription ${id} is processed by the fund's administrator, not by its investor's organization`,
        field: ['subscriptionId'],
      },
    ],
    subscription: null,
    dealing: null,
  });
  assert.equal(
    await processRequest('subscription', keys.meridian, id),
    refusal('subscription', 'NOT_FOUND', `no fund subscription ${id}`),
  );
  assert.equal(
    await processRequest('subscription', keys.signatory, 999_999),
    refusal('subscription', 'NOT_FOUND', 'no fund subscription 999999'),
  );
  assert.equal(
    await processRequest('redemption', keys.signatory, 0),
    refusal('redemption', 'VALIDATION_FAILED', 'redemptionId must be a fund redemption id: a whole number from 1'),
  );
  // Redemption 2 is pending: INVALID_STATE with its unchanged state.
  assert.equal(await processRequest('redemption', keys.signatory, 2), {
    success: false,
    errors: [
      {
        code: 'INVALID_STATE',
        message: 'fund redemption 2 is PENDING: only an APPROVED fund redemption can be processed',
        field: ['redemptionId'],
      },
    ],
    redemption: await stored('redemption', 2),
    dealing: null,
  });
  assert.equal(await footprint(), before);
  // An admin key bound to none, acting for the signatory, deals.
  const payload = await processRequest('subscription', keys.admin, id, 'demo-peggy');
  assert.is(payload.success, true, JSON.stringify(payload));
  assert.equal(
    (await auditOf('subscription', id)).map((row) => [row.actor_user_id, row.actor_api_key_id]),
    [['demo-peggy', keys.admin.id]],
  );
});

test.run();
