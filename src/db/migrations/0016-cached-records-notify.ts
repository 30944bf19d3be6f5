// Every write to the records the business API's cached results are computed from is announced on
// the `records_changed` channel (docs/caches.md#writes-from-every-path), whoever makes it: the
// service, the data layer, the admin CLI or an operator's SQL. Each node listens and drops the
// results the change affects. One notification per statement and table (statement triggers over
// the transition tables), naming what the cache's tags are keyed by: the wallets, and for the rows
// aggregates sum (digital_wallet, digital_wallet_asset) their organizations and owners. A payload is
// a JSON object under 8000 bytes (pg_notify's limit); a statement touching more says `every`,
// and so does a TRUNCATE. Notifications are sent at commit, and not at all on a rollback.
import { type Kysely, sql } from 'kysely';

/** The tables of wallet rows: their changes name the wallet; `holders` also its organization and owner. */
const walletRowTables = [
  { table: 'digital_wallet_asset', holders: true },
  { table: 'digital_wallet_address', holders: false },
  { table: 'digital_wallet_whitelist_entry', holders: false },
  { table: 'digital_wallet_transaction', holders: false },
  { table: 'digital_wallet_pending_approval', holders: false },
  { table: 'digital_wallet_value_history', holders: false },
  { table: 'aml_report', holders: false },
] as const;

/** Reference data every valued result reads: a change names only the table. */
const coinTables = ['coin', 'coin_price'] as const;

const notifyRecordsChanged = sql`CREATE FUNCTION notify_records_changed(
    changed_table text, wallets integer[], organizations uuid[], owners text[]) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    payload text := json_strip_nulls(json_build_object('table', changed_table, 'wallets', wallets,
      'organizations', organizations, 'owners', owners))::text;
  BEGIN
    IF octet_length(payload) > 7900 THEN
      payload := json_build_object('table', changed_table, 'every', true)::text;
    END IF;
    PERFORM pg_notify('records_changed', payload);
  END
$$`;

/** digital_wallet: the wallets, and their organizations and owners before and after the change (a move). */
const walletChanged = sql`CREATE FUNCTION digital_wallet_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    wallets integer[];
    organizations uuid[];
    owners text[];
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      PERFORM pg_notify('records_changed', json_build_object('table', TG_TABLE_NAME, 'every', true)::text);
      RETURN NULL;
    ELSIF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT id), array_agg(DISTINCT organization_id),
             array_agg(DISTINCT owner_user_id) FILTER (WHERE owner_user_id IS NOT NULL)
        INTO wallets, organizations, owners FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT id), array_agg(DISTINCT organization_id),
             array_agg(DISTINCT owner_user_id) FILTER (WHERE owner_user_id IS NOT NULL)
        INTO wallets, organizations, owners FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT id), array_agg(DISTINCT organization_id),
             array_agg(DISTINCT owner_user_id) FILTER (WHERE owner_user_id IS NOT NULL)
        INTO wallets, organizations, owners
        FROM (SELECT id, organization_id, owner_user_id FROM old_rows
              UNION SELECT id, organization_id, owner_user_id FROM new_rows) AS changed;
    END IF;
    IF wallets IS NOT NULL THEN
      PERFORM notify_records_changed(TG_TABLE_NAME, wallets, organizations, owners);
    END IF;
    RETURN NULL;
  END
$$`;

/** A table of wallet rows (wallet_id): the wallets; with TG_ARGV[0] = 'holders' their organizations and owners too. */
const walletRowsChanged = sql`CREATE FUNCTION wallet_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    wallets integer[];
    organizations uuid[];
    owners text[];
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      PERFORM pg_notify('records_changed', json_build_object('table', TG_TABLE_NAME, 'every', true)::text);
      RETURN NULL;
    ELSIF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT wallet_id) INTO wallets FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT wallet_id) INTO wallets FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT wallet_id) INTO wallets
        FROM (SELECT wallet_id FROM old_rows UNION SELECT wallet_id FROM new_rows) AS changed;
    END IF;
    IF wallets IS NULL THEN
      RETURN NULL;
    END IF;
    IF TG_ARGV[0] = 'holders' THEN
      SELECT array_agg(DISTINCT organization_id),
             array_agg(DISTINCT owner_user_id) FILTER (WHERE owner_user_id IS NOT NULL)
        INTO organizations, owners FROM digital_wallet WHERE id = ANY (wallets);
    END IF;
    PERFORM notify_records_changed(TG_TABLE_NAME, wallets, organizations, owners);
    RETURN NULL;
  END
$$`;

/** coin, coin_price: a statement that changed a row names the table. */
const coinsChanged = sql`CREATE FUNCTION coin_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    changed boolean := TG_OP = 'TRUNCATE';
  BEGIN
    -- A query names only the transition table its event has.
    IF TG_OP = 'INSERT' THEN
      changed := EXISTS (SELECT FROM new_rows);
    ELSIF TG_OP <> 'TRUNCATE' THEN
      changed := EXISTS (SELECT FROM old_rows);
    END IF;
    IF changed THEN
      PERFORM pg_notify('records_changed', json_build_object('table', TG_TABLE_NAME)::text);
    END IF;
    RETURN NULL;
  END
$$`;

/** The four statement triggers of one table: transition tables allow one event per trigger. */
function triggersOn(table: string, call: string) {
  const trigger = (event: string, referencing: string) =>
    sql.raw(`CREATE TRIGGER ${table}_changed_${event.toLowerCase()} AFTER ${event} ON ${table}
      ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${call}`);
  return [
    trigger('INSERT', 'REFERENCING NEW TABLE AS new_rows'),
    trigger('UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'),
    trigger('DELETE', 'REFERENCING OLD TABLE AS old_rows'),
    trigger('TRUNCATE', ''),
  ];
}

const notifiedTables = [
  { table: 'digital_wallet', call: 'digital_wallet_records_changed()' },
  ...walletRowTables.map(({ table, holders }) => ({
    table,
    call: `wallet_records_changed(${holders ? "'holders'" : "'wallet'"})`,
  })),
  ...coinTables.map((table) => ({ table, call: 'coin_records_changed()' })),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [notifyRecordsChanged, walletChanged, walletRowsChanged, coinsChanged])
    await statement.execute(db);
  for (const { table, call } of notifiedTables)
    for (const statement of triggersOn(table, call)) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of notifiedTables)
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`DROP TRIGGER ${table}_changed_${event} ON ${table}`).execute(db);
  await sql`DROP FUNCTION coin_records_changed(), wallet_records_changed(), digital_wallet_records_changed(),
    notify_records_changed(text, integer[], uuid[], text[])`.execute(db);
}
