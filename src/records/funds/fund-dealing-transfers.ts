// The journal's side of a fund dealing (docs/ledger.md#fund-dealing; docs/funds.md#the-capital-account),
// posted in the dealing's transaction (`createLedgerJournal(trx)`): the request's amount between
// `world` (the investor's cash from or to outside the platform) and the investor's `fund_capital`
// account, as `fund_subscription:<id>` or `fund_redemption:<id>`; and, when the account's balance
// is not already the investor's holding valued at the dealing NAV, a revaluation
// `<request>:revaluation` between the same two accounts, linked with it as the group `<request>`.
// The ids come from the request, so the journal posts a dealing at most once.
import type { Db } from '../../db/create-database.ts';
import type { LedgerAccount } from '../ledger/ledger-account.ts';
import { createLedgerJournal } from '../ledger/ledger-journal.ts';
import type { JsonObject, MovementEntry } from '../ledger/transfer-request.ts';

export interface DealingAccounts {
  /** The investor's fund_capital account of the fund, in the fund's currency. */
  capital: LedgerAccount;
  /** The world account of the fund's currency. */
  world: LedgerAccount;
}

export interface DealingPosting {
  /** The request's table and id: the transfers' ids. */
  table: 'fund_subscription' | 'fund_redemption';
  requestId: number;
  accounts: DealingAccounts;
  asset: string;
  /** Base units of the request's amount: into the capital account (subscription) or out (redemption). */
  amount: bigint;
  /** Base units that bring the account to the holding's value: positive in, negative out, zero none. */
  revaluation: bigint;
  description: string;
  revaluationDescription: string;
  /** The dealing's facts, on every transfer. */
  metadata: JsonObject;
}

/** The accounts a dealing posts between, opened with nothing when missing. */
export async function dealingAccounts(db: Db, fundId: number, userId: string, asset: string): Promise<DealingAccounts> {
  const journal = createLedgerJournal(db);
  const world = await journal.ensureAccount({ kind: 'world', asset });
  const capital = await journal.ensureAccount({ kind: 'fund_capital', fundId, userId, asset });
  return { capital, world };
}

/** A single transfer of `amount` base units into the capital account from the world, or out of it. */
function capitalEntry(posting: DealingPosting, id: string, amount: bigint, description: string): MovementEntry {
  const { capital, world } = posting.accounts;
  const into = amount > 0n;
  return {
    kind: 'single',
    id,
    debitAccountId: into ? world.id : capital.id,
    creditAccountId: into ? capital.id : world.id,
    asset: posting.asset,
    amount: into ? amount : -amount,
    description,
    metadata: posting.metadata,
  };
}

/**
 * The dealing's transfers, those into the capital account first: the account may not go negative
 * (docs/ledger.md#accounts), and only the group's end balance is known to be the holding's value.
 */
export function dealingEntries(posting: DealingPosting): MovementEntry[] {
  const id = `${posting.table}:${posting.requestId}`;
  const signedAmount = posting.table === 'fund_subscription' ? posting.amount : -posting.amount;
  const entries = [capitalEntry(posting, id, signedAmount, posting.description)];
  if (posting.revaluation !== 0n)
    entries.push(capitalEntry(posting, `${id}:revaluation`, posting.revaluation, posting.revaluationDescription));
  return entries.sort(
    (a, b) =>
      Number(b.creditAccountId === posting.accounts.capital.id) -
      Number(a.creditAccountId === posting.accounts.capital.id),
  );
}

/** Posts the dealing's transfers in the caller's transaction; their ids. */
export async function postDealing(db: Db, posting: DealingPosting): Promise<string[]> {
  const journal = createLedgerJournal(db);
  const entries = dealingEntries(posting);
  if (entries.length === 1) await journal.post(entries[0]!);
  else await journal.postLinked(`${posting.table}:${posting.requestId}`, entries);
  return entries.map((entry) => entry.id);
}
