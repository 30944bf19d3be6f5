// A fund request becomes `processed` only by a dealing (docs/funds.md#dealing): the business API's
// processFundSubscription and processFundRedemption issue or redeem the units at the dealing NAV,
// write the fund's register row (fund_capital_movement) and the journal's transfer, and only then
// set the status, in one transaction. A constraint trigger on each request table refuses any
// other way to `processed` (the data layer's fund_signatory or admin, an INSERT, plain SQL)
// unless that same transaction wrote the request's register row (its xmin is the transaction's
// own), and names the mutation to use; src/records/data-layer-sql/business-rule-refusals.ts turns
// the refusal into the data layer's error. It is INITIALLY IMMEDIATE, so the data layer hears of
// it from the statement itself; the demo seed, which inserts processed requests before their
// register rows, defers it to its commit. Existing rows are not re-checked.
import { type Kysely, sql } from 'kysely';

const refuseUndealt = sql`CREATE FUNCTION fund_request_dealt() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND OLD.status = 'processed' THEN
      RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM fund_capital_movement m
        WHERE CASE TG_TABLE_NAME WHEN 'fund_subscription' THEN m.subscription_id ELSE m.redemption_id END = NEW.id
          AND m.xmin = pg_current_xact_id()::xid) THEN
      RAISE EXCEPTION '% % may become processed only through the business API''s %, which deals it (docs/funds.md#dealing)',
          TG_TABLE_NAME, NEW.id, TG_ARGV[1]
        USING ERRCODE = 'check_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_ARGV[0];
    END IF;
    RETURN NULL;
  END
$$`;

const guard = (table: string, mutation: string) =>
  sql.raw(`CREATE CONSTRAINT TRIGGER ${table}_dealt AFTER INSERT OR UPDATE OF status ON ${table}
    DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW WHEN (NEW.status = 'processed')
    EXECUTE FUNCTION fund_request_dealt('${table}_dealt', '${mutation}')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await refuseUndealt.execute(db);
  await guard('fund_subscription', 'processFundSubscription').execute(db);
  await guard('fund_redemption', 'processFundRedemption').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER fund_redemption_dealt ON fund_redemption`.execute(db);
  await sql`DROP TRIGGER fund_subscription_dealt ON fund_subscription`.execute(db);
  await sql`DROP FUNCTION fund_request_dealt()`.execute(db);
}
