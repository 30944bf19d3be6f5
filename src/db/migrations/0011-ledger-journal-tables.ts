// The tables of migration 0011 (the double-entry journal, docs/ledger.md): what a constraint can
// say is said here; what needs another row is in 0011-ledger-journal-triggers.ts.
import { sql } from 'kysely';

/** Transfer and link ids are keys derived from the event that caused them: `send:<id>`, `trade:<id>:leg1`. */
const eventKey = (column: string) => sql.raw(`CHECK (${column} ~ '^[a-z][a-z0-9_-]*:[^[:space:]]{1,200}$')`);

/**
 * What an account can hold: every coin that has an account (added by the journal module from
 * `coin` when its first account opens, with the coin's decimals, which can then no longer change),
 * and the fiat currencies, which are rows here (USD now; another is a migration adding a row).
 */
export const assetTables = [
  sql`ALTER TABLE coin ADD CONSTRAINT coin_symbol_decimals_key UNIQUE (symbol, decimals)`,
  sql`CREATE TABLE ledger_asset (
    code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{1,15}$'),
    decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 36),
    coin text UNIQUE,
    CONSTRAINT ledger_asset_coin_is_code CHECK (coin IS NULL OR coin = code),
    CONSTRAINT ledger_asset_coin_decimals FOREIGN KEY (coin, decimals) REFERENCES coin (symbol, decimals),
    CONSTRAINT ledger_asset_code_coin_key UNIQUE (code, coin)
  )`,
  sql`INSERT INTO ledger_asset (code, decimals) VALUES ('USD', 2)`,
];

/** Whose holding each kind is; which kinds may go negative is in `ledger_account_overdraft_kind`. */
const accountOwner = sql.raw(`CONSTRAINT ledger_account_owner CHECK (CASE kind
      WHEN 'wallet' THEN wallet_id IS NOT NULL AND fund_id IS NULL AND user_id IS NULL
      WHEN 'fund_capital' THEN wallet_id IS NULL AND fund_id IS NOT NULL AND user_id IS NOT NULL
      ELSE wallet_id IS NULL AND fund_id IS NULL AND user_id IS NULL END)`);

/**
 * One account per kind, asset and owner. A balance is what the account holds: credits − debits
 * (docs/ledger.md#accounts). `coin` is set exactly for the kinds that hold coins only, and with
 * (asset, coin) referencing ledger_asset it proves the asset is that coin.
 */
export const accountTables = [
  sql`CREATE TABLE ledger_account (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('wallet', 'world', 'network_fee', 'otc_desk', 'fund_capital')),
    asset text NOT NULL REFERENCES ledger_asset (code),
    coin text,
    wallet_id integer REFERENCES digital_wallet (id),
    fund_id integer REFERENCES fund (id),
    user_id text REFERENCES app_user (id),
    may_go_negative boolean NOT NULL,
    debits_posted numeric(78, 0) NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
    credits_posted numeric(78, 0) NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
    debits_pending numeric(78, 0) NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
    credits_pending numeric(78, 0) NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_account_identity UNIQUE NULLS NOT DISTINCT (kind, asset, wallet_id, fund_id, user_id),
    CONSTRAINT ledger_account_id_asset_key UNIQUE (id, asset),
    CONSTRAINT ledger_account_coin_asset FOREIGN KEY (asset, coin) REFERENCES ledger_asset (code, coin),
    CONSTRAINT ledger_account_coin_kind CHECK ((kind IN ('wallet', 'network_fee')) = (coin IS NOT NULL)),
    ${accountOwner},
    CONSTRAINT ledger_account_overdraft_kind CHECK (may_go_negative = (kind IN ('world', 'otc_desk'))),
    CONSTRAINT ledger_account_funds CHECK (may_go_negative OR credits_posted - debits_posted - debits_pending >= 0)
  )`,
  sql`CREATE INDEX ledger_account_wallet_idx ON ledger_account (wallet_id) WHERE wallet_id IS NOT NULL`,
  sql`CREATE INDEX ledger_account_investor_idx ON ledger_account (fund_id, user_id) WHERE fund_id IS NOT NULL`,
  sql`CREATE INDEX ledger_account_user_idx ON ledger_account (user_id) WHERE user_id IS NOT NULL`,
];

/**
 * A linked group (transfers that stand or fall together) and the transaction that posted it
 * (`xact_id`, pg_current_xact_id()), so a later transaction cannot add to it.
 */
export const transferTables = [
  sql`CREATE TABLE ledger_link (
    id text PRIMARY KEY ${eventKey('id')},
    xact_id bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE ledger_transfer (
    id text PRIMARY KEY ${eventKey('id')},
    position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    kind text NOT NULL CHECK (kind IN ('single', 'pending', 'post_pending', 'void_pending')),
    debit_account_id integer NOT NULL,
    credit_account_id integer NOT NULL,
    asset text NOT NULL,
    amount numeric(78, 0) NOT NULL CHECK (amount > 0),
    pending_id text UNIQUE REFERENCES ledger_transfer (id),
    linked_id text REFERENCES ledger_link (id),
    description text CHECK (length(description) BETWEEN 1 AND 500),
    metadata jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_transfer_accounts_differ CHECK (debit_account_id <> credit_account_id),
    CONSTRAINT ledger_transfer_resolution CHECK ((kind IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL)),
    CONSTRAINT ledger_transfer_debit_account FOREIGN KEY (debit_account_id, asset) REFERENCES ledger_account (id, asset),
    CONSTRAINT ledger_transfer_credit_account FOREIGN KEY (credit_account_id, asset) REFERENCES ledger_account (id, asset)
  )`,
  sql`CREATE INDEX ledger_transfer_debit_idx ON ledger_transfer (debit_account_id, position)`,
  sql`CREATE INDEX ledger_transfer_credit_idx ON ledger_transfer (credit_account_id, position)`,
  sql`CREATE INDEX ledger_transfer_linked_idx ON ledger_transfer (linked_id) WHERE linked_id IS NOT NULL`,
];
