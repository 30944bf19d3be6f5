// The money property test's fund dealing (docs/funds.md#dealing): an APPROVED subscription or
// redemption of demo-erin (KYC GREEN) in the Stablecoin Yield fund, made on 29 December 2025 and so
// dealt at the NAV of 31 December 2025, processed by the fund's signatory. The units are predicted
// by PostgreSQL's numeric division and the register; a redemption of more units than she holds is
// INSUFFICIENT_BALANCE with nothing written; a dealing writes its register row and moves her
// capital account to the holding's value. After every step of the sequence that account holds
// the register's units at the NAV of her latest dealing, in cents (docs/funds.md#the-capital-account).
import * as assert from 'uvu/assert';
import type { MoneyWorld } from './money-world.ts';

export const fund = 2;
export const investor = 'demo-erin';
const madeAt = '2025-12-29T12:00:00Z';

export type DealingKind = 'subscription' | 'redemption';

const documents: Record<DealingKind, string> = {
  subscription: `mutation ($id: Int!) { processFundSubscription(input: { subscriptionId: $id }) {
    success errors { code message field } dealing { dealingDate navPerUnit amount units unitsHeld capitalBalance } } }`,
  redemption: `mutation ($id: Int!) { processFundRedemption(input: { redemptionId: $id }) {
    success errors { code message field } dealing { dealingDate navPerUnit amount units unitsHeld capitalBalance } } }`,
};
const amountColumn = { subscription: 'subscription_amount', redemption: 'redemption_amount' } as const;

/** The register's units of the investor and the fund's capital account, as stored: what a dealing moves. */
async function capital(world: MoneyWorld) {
  const [row] = await world.api.rows(
    `SELECT (SELECT coalesce(sum(CASE kind WHEN 'subscription' THEN units ELSE -units END), 0)::text
         FROM fund_capital_movement WHERE fund_id = $1 AND user_id = $2 AND units IS NOT NULL) AS held,
       (SELECT count(*)::int FROM fund_capital_movement WHERE fund_id = $1 AND user_id = $2) AS movements,
       (SELECT (credits_posted - debits_posted)::text FROM ledger_account
         WHERE kind = 'fund_capital' AND fund_id = $1 AND user_id = $2) AS posted`,
    [fund, investor],
  );
  return { held: row.held as string, movements: row.movements as number, posted: BigInt(row.posted ?? 0) };
}

/** units = amount / NAV cut to 8 places; the holding after; its value at the NAV in cents. */
async function predicted(world: MoneyWorld, kind: DealingKind, amount: string, held: string) {
  const [row] = await world.api.rows(
    `WITH nav AS (SELECT nav_per_unit FROM fund_nav WHERE fund_id = $1 AND nav_date >= $2::date ORDER BY nav_date LIMIT 1),
       d AS (SELECT trunc($3::numeric(60, 30) / nav_per_unit, 8) AS units, nav_per_unit FROM nav),
       a AS (SELECT d.*, round($4::numeric + CASE $5 WHEN 'subscription' THEN units ELSE -units END, 8) AS after FROM d)
     SELECT units::text, after::text AS "unitsHeld", round(after * nav_per_unit, 2)::text AS "capitalBalance",
       (units > $4::numeric) AS short FROM a`,
    [fund, madeAt, amount, held, kind],
  );
  return row as { units: string; unitsHeld: string; capitalBalance: string; short: boolean };
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** Deals a new request; what came of it (`PROCESSED` or the refusal's code). */
export async function deal(world: MoneyWorld, kind: DealingKind, dollars: number): Promise<string> {
  const amount = `${dollars}.00`;
  const [{ id }] = await world.api.rows(
    `INSERT INTO fund_${kind} (fund_id, user_id, ${amountColumn[kind]}, status, created_at, updated_at)
     VALUES ($1, $2, $3, 'approved', $4, $4) RETURNING id`,
    [fund, investor, amount, madeAt],
  );
  const before = await capital(world);
  const expected = await predicted(world, kind, amount, before.held);
  const { body } = await world.api.graphql(documents[kind], { id }, { key: world.keys.signatory });
  const answer = kind === 'subscription' ? body.data.processFundSubscription : body.data.processFundRedemption;
  if (kind === 'redemption' && expected.short) {
    assert.equal(
      answer.errors.map((error: any) => error.code),
      ['INSUFFICIENT_BALANCE'],
    );
    assert.equal(await capital(world), before, 'a refused redemption writes nothing');
    return 'INSUFFICIENT_BALANCE';
  }
  assert.ok(answer.success, JSON.stringify(answer.errors));
  const { units, unitsHeld, capitalBalance } = answer.dealing;
  assert.equal(
    { units, unitsHeld, capitalBalance },
    { units: expected.units, unitsHeld: expected.unitsHeld, capitalBalance: expected.capitalBalance },
  );
  const after = await capital(world);
  assert.equal(
    [after.movements - before.movements, after.posted],
    [1, cents(expected.capitalBalance)],
    'one register row; the capital account moved to the holding’s value',
  );
  return 'PROCESSED';
}

/** The capital account holds the register's units at the NAV of the investor's latest dealing, in cents. */
export async function assertCapitalAgrees(world: MoneyWorld): Promise<void> {
  const rows = await world.api.rows(
    `WITH held AS (SELECT sum(CASE kind WHEN 'subscription' THEN units ELSE -units END) AS units,
         max(effective_date) AS latest
       FROM fund_capital_movement WHERE fund_id = $1 AND user_id = $2 AND units IS NOT NULL)
     SELECT (round(held.units * n.nav_per_unit, 2) * 100)::numeric(78, 0)::text AS value,
       (a.credits_posted - a.debits_posted)::text AS posted
     FROM held JOIN fund_nav n ON n.fund_id = $1 AND n.nav_date = held.latest
       JOIN ledger_account a ON a.kind = 'fund_capital' AND a.fund_id = $1 AND a.user_id = $2`,
    [fund, investor],
  );
  for (const row of rows) assert.is(row.posted, row.value, 'capital account = units held × NAV of the latest dealing');
}
