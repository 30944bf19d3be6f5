// The triggers of migration 0011 (the double-entry journal, docs/ledger.md#invariants): what needs
// another row than the one written. Every refusal names a constraint, as a CHECK or a foreign key
// would, so one table turns refusals into errors (src/access/ledger/ledger-refusals.ts).
import { sql } from 'kysely';

/** Raises the refusal its trigger names: TG_ARGV[0] the constraint, TG_ARGV[1] why. */
const refuseChange = sql`CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'ledger: % on % refused: %', TG_OP, TG_TABLE_NAME, TG_ARGV[1]
      USING ERRCODE = 'integrity_constraint_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_ARGV[0];
  END
$$`;

const appendOnly = (table: string) =>
  sql.raw(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ${table}
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change('${table}_append_only',
      'the journal is append-only; a mistake is corrected by a reversing transfer')`);

/**
 * Accounts open with nothing, are never removed, and change only with a transfer: the projection
 * trigger below updates them from inside a trigger (pg_trigger_depth() > 0); any other UPDATE,
 * an operator's included, is refused before it runs.
 */
export const accountGuards = [
  refuseChange,
  ...['ledger_asset', 'ledger_link', 'ledger_transfer'].map(appendOnly),
  sql`CREATE TRIGGER ledger_account_opening_balance BEFORE INSERT ON ledger_account FOR EACH ROW
    WHEN (NEW.debits_posted <> 0 OR NEW.credits_posted <> 0 OR NEW.debits_pending <> 0 OR NEW.credits_pending <> 0)
    EXECUTE FUNCTION ledger_refuse_change('ledger_account_opening_balance', 'an account opens with nothing; post a transfer')`,
  sql`CREATE TRIGGER ledger_account_projection BEFORE UPDATE ON ledger_account FOR EACH ROW
    WHEN (pg_trigger_depth() = 0)
    EXECUTE FUNCTION ledger_refuse_change('ledger_account_projection', 'balances change only with a transfer')`,
  sql`CREATE TRIGGER ledger_account_kept BEFORE DELETE OR TRUNCATE ON ledger_account FOR EACH STATEMENT
    EXECUTE FUNCTION ledger_refuse_change('ledger_account_kept', 'accounts are never removed')`,
];

/** A transfer joining a linked group: the first one opens it, later transactions are refused. */
const joinLink = sql`CREATE FUNCTION ledger_transfer_join_link(link text) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO ledger_link (id) VALUES (link) ON CONFLICT (id) DO NOTHING;
    IF NOT FOUND AND (SELECT xact_id FROM ledger_link WHERE id = link) <> pg_current_xact_id()::text::bigint THEN
      RAISE EXCEPTION 'ledger: linked group % was posted by an earlier transaction', link
        USING ERRCODE = 'unique_violation', TABLE = 'ledger_link', CONSTRAINT = 'ledger_link_closed';
    END IF;
  END
$$`;

/**
 * A post or void of a pending transfer inherits its accounts, asset and amount where it leaves
 * them out (as TigerBeetle's do), must agree with them where it states them, posts at most the
 * pending amount and voids exactly it. A pending transfer already resolved is refused first, with
 * the UNIQUE pending_id's name; the index itself refuses the second of two concurrent resolutions.
 */
const checkTransfer = sql`CREATE FUNCTION ledger_transfer_check() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    pending ledger_transfer;
  BEGIN
    IF NEW.linked_id IS NOT NULL THEN
      PERFORM ledger_transfer_join_link(NEW.linked_id);
    END IF;
    IF NEW.kind NOT IN ('post_pending', 'void_pending') OR NEW.pending_id IS NULL THEN
      RETURN NEW;
    END IF;
    SELECT * INTO pending FROM ledger_transfer WHERE id = NEW.pending_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: transfer % resolves %, which does not exist', NEW.id, NEW.pending_id
        USING ERRCODE = 'foreign_key_violation', TABLE = 'ledger_transfer', CONSTRAINT = 'ledger_transfer_pending_id_fkey';
    ELSIF pending.kind <> 'pending' THEN
      RAISE EXCEPTION 'ledger: transfer % resolves %, which is not a pending transfer', NEW.id, NEW.pending_id
        USING ERRCODE = 'check_violation', TABLE = 'ledger_transfer', CONSTRAINT = 'ledger_transfer_pending_kind';
    ELSIF EXISTS (SELECT 1 FROM ledger_transfer WHERE pending_id = NEW.pending_id) THEN
      RAISE EXCEPTION 'ledger: transfer % resolves %, which was already posted or voided', NEW.id, NEW.pending_id
        USING ERRCODE = 'unique_violation', TABLE = 'ledger_transfer', CONSTRAINT = 'ledger_transfer_pending_id_key';
    END IF;
    NEW.debit_account_id := coalesce(NEW.debit_account_id, pending.debit_account_id);
    NEW.credit_account_id := coalesce(NEW.credit_account_id, pending.credit_account_id);
    NEW.asset := coalesce(NEW.asset, pending.asset);
    NEW.amount := coalesce(NEW.amount, pending.amount);
    IF (NEW.debit_account_id, NEW.credit_account_id, NEW.asset)
        IS DISTINCT FROM (pending.debit_account_id, pending.credit_account_id, pending.asset) THEN
      RAISE EXCEPTION 'ledger: transfer % names other accounts or another asset than pending transfer %', NEW.id, NEW.pending_id
        USING ERRCODE = 'check_violation', TABLE = 'ledger_transfer', CONSTRAINT = 'ledger_transfer_resolution_accounts';
    ELSIF NEW.kind = 'post_pending' AND NEW.amount > pending.amount THEN
      RAISE EXCEPTION 'ledger: transfer % posts % of pending transfer %, which holds %', NEW.id, NEW.amount, NEW.pending_id, pending.amount
        USING ERRCODE = 'check_violation', TABLE = 'ledger_transfer', CONSTRAINT = 'ledger_transfer_post_amount';
    ELSIF NEW.kind = 'void_pending' AND NEW.amount <> pending.amount THEN
      RAISE EXCEPTION 'ledger: transfer % voids % of pending transfer %, which holds %', NEW.id, NEW.amount, NEW.pending_id, pending.amount
        USING ERRCODE = 'check_violation', TABLE = 'ledger_transfer', CONSTRAINT = 'ledger_transfer_void_amount';
    END IF;
    RETURN NEW;
  END
$$`;

export const transferChecks = [
  joinLink,
  checkTransfer,
  sql`CREATE TRIGGER ledger_transfer_check BEFORE INSERT ON ledger_transfer FOR EACH ROW
    EXECUTE FUNCTION ledger_transfer_check()`,
];

/**
 * Adds a transfer's share to one account. The WHERE clause refuses a move that would take an
 * account that may not go negative below zero available, with the account named (DETAIL, as
 * JSON); ledger_account_funds stays as the CHECK behind it.
 */
const moveAccount = sql`CREATE FUNCTION ledger_account_move(account integer, add_debits_posted numeric,
    add_credits_posted numeric, add_debits_pending numeric, add_credits_pending numeric) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE ledger_account
       SET debits_posted = debits_posted + add_debits_posted, credits_posted = credits_posted + add_credits_posted,
           debits_pending = debits_pending + add_debits_pending, credits_pending = credits_pending + add_credits_pending
     WHERE id = account
       AND (may_go_negative OR (credits_posted + add_credits_posted) - (debits_posted + add_debits_posted)
             - (debits_pending + add_debits_pending) >= 0);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: account % has too little available for this transfer', account
        USING ERRCODE = 'check_violation', TABLE = 'ledger_account', CONSTRAINT = 'ledger_account_funds',
              DETAIL = json_build_object('accountId', account)::text;
    END IF;
  END
$$`;

/**
 * The projections, in the transfer's own transaction: a single transfer posts; a pending one
 * holds (pending columns); a post releases the whole hold and posts its amount, so posting less
 * releases the rest; a void releases the hold. The lower account id is updated first, so two
 * transfers between the same accounts lock them in the same order.
 */
const projectTransfer = sql`CREATE FUNCTION ledger_transfer_project() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    posted numeric := 0;
    held numeric := 0;
  BEGIN
    CASE NEW.kind
      WHEN 'single' THEN posted := NEW.amount;
      WHEN 'pending' THEN held := NEW.amount;
      WHEN 'post_pending' THEN
        posted := NEW.amount;
        held := -(SELECT amount FROM ledger_transfer WHERE id = NEW.pending_id);
      ELSE held := -NEW.amount;
    END CASE;
    IF NEW.debit_account_id < NEW.credit_account_id THEN
      PERFORM ledger_account_move(NEW.debit_account_id, posted, 0, held, 0);
      PERFORM ledger_account_move(NEW.credit_account_id, 0, posted, 0, held);
    ELSE
      PERFORM ledger_account_move(NEW.credit_account_id, 0, posted, 0, held);
      PERFORM ledger_account_move(NEW.debit_account_id, posted, 0, held, 0);
    END IF;
    RETURN NULL;
  END
$$`;

export const projectionTriggers = [
  moveAccount,
  projectTransfer,
  sql`CREATE TRIGGER ledger_transfer_project AFTER INSERT ON ledger_transfer FOR EACH ROW
    EXECUTE FUNCTION ledger_transfer_project()`,
];
