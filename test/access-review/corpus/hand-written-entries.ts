// The corpus entries written by hand (docs/access-review.md#the-corpus): the cases a generator
// would not think of, where SQL's three-valued logic, NOT NULL columns, empty session arrays or
// relationship multiplicity decide the verdict.
import type { CorpusEntry } from './corpus-entry.ts';

const cardHolderWallets = { columns: ['id', 'label', 'coin', 'status', 'usd_value'] };
const investorFunds = { columns: ['id', 'name', 'currency', 'nav_per_unit', 'status'] };
const familyFunds = { columns: ['id', 'name', 'currency', 'nav_per_unit', 'status'] };
const accountingInvoiceUpdate = {
  columns: [
    'recipient_user_id',
    'currency',
    'subtotal',
    'tax_total',
    'total',
    'status',
    'issued_at',
    'due_at',
    'internal_notes',
    'cost_breakdown',
  ],
  check: { status: { _neq: 'locked' } },
};

const entry = (
  id: string,
  kind: CorpusEntry['kind'],
  operator: string,
  where: Pick<CorpusEntry, 'role' | 'table' | 'action'>,
  rule: unknown,
  expected: CorpusEntry['expected'],
): CorpusEntry => ({ id: `hand-${id}`, kind, operator, ...where, rule, expected });

const investorFund = { role: 'investor', table: 'fund', action: 'select' } as const;
const cardHolderWallet = { role: 'card_holder', table: 'digital_wallet', action: 'select' } as const;
const accountingInvoice = { role: 'accounting', table: 'invoice', action: 'update' } as const;
const familyFund = { role: 'family_office', table: 'fund', action: 'select' } as const;

export const handWrittenEntries: readonly CorpusEntry[] = [
  // NOT (id <> ALL(funds)) is id = ANY(funds) for a NOT NULL id, also for an empty session array.
  entry(
    '01',
    'refactor',
    'not-nin-session-array',
    investorFund,
    { ...investorFunds, filter: { _not: { id: { _nin: 'X-Data-Allowed-Funds' } } } },
    'equivalent',
  ),
  entry(
    '02',
    'mutation',
    'and-integer-bound',
    investorFund,
    { ...investorFunds, filter: { _and: [{ id: { _in: 'X-Data-Allowed-Funds' } }, { id: { _gt: 3 } }] } },
    'less-permissive',
  ),
  entry(
    '03',
    'mutation',
    'or-integer-bound',
    investorFund,
    { ...investorFunds, filter: { _or: [{ id: { _in: 'X-Data-Allowed-Funds' } }, { id: { _gte: 1000 } }] } },
    'more-permissive',
  ),
  entry(
    '04',
    'refactor',
    'bounds-that-add-nothing',
    investorFund,
    {
      ...investorFunds,
      filter: { _and: [{ id: { _in: 'X-Data-Allowed-Funds' } }, { _or: [{ id: { _gt: 5 } }, { id: { _lte: 5 } }] }] },
    },
    'equivalent',
  ),
  // Between 4 and 5 there is no integer: id > 4 AND id < 5 admits nothing.
  entry(
    '05',
    'mutation',
    'empty-integer-gap',
    investorFund,
    { ...investorFunds, filter: { _and: [{ id: { _gt: 4 } }, { id: { _lt: 5 } }] } },
    'less-permissive',
  ),
  entry(
    '06',
    'mutation',
    'nin-session-array',
    investorFund,
    { ...investorFunds, filter: { id: { _nin: 'X-Data-Allowed-Funds' } } },
    'incomparable',
  ),
  // status is NOT NULL: "or status is null" adds no row.
  entry(
    '07',
    'refactor',
    'or-is-null-on-not-null-column',
    accountingInvoice,
    { ...accountingInvoiceUpdate, filter: { _or: [{ status: { _neq: 'locked' } }, { status: { _is_null: true } }] } },
    'equivalent',
  ),
  entry(
    '08',
    'refactor',
    'neq-as-nin',
    accountingInvoice,
    { ...accountingInvoiceUpdate, filter: { status: { _nin: ['locked'] } } },
    'equivalent',
  ),
  // owner_user_id is nullable: NOT (owner <> me) is not "owner = me OR owner IS NULL".
  entry(
    '09',
    'refactor',
    'not-neq-on-nullable-column',
    cardHolderWallet,
    { ...cardHolderWallets, filter: { _not: { owner_user_id: { _neq: 'X-Data-User-Id' } } } },
    'equivalent',
  ),
  entry(
    '10',
    'mutation',
    'or-is-null-on-nullable-column',
    cardHolderWallet,
    {
      ...cardHolderWallets,
      filter: { _or: [{ owner_user_id: { _eq: 'X-Data-User-Id' } }, { owner_user_id: { _is_null: true } }] },
    },
    'more-permissive',
  ),
  entry(
    '11',
    'mutation',
    'neq-keeps-nulls-out',
    cardHolderWallet,
    { ...cardHolderWallets, filter: { owner_user_id: { _neq: 'X-Data-User-Id' } } },
    'incomparable',
  ),
  // An array relationship: "a processed subscription and one by our investor" is wider than
  // "a processed subscription by our investor" (two rows may share the work).
  entry(
    '12',
    'mutation',
    'array-relationship-narrowed',
    familyFund,
    {
      ...familyFunds,
      filter: {
        subscriptions: {
          _and: [
            { status: { _eq: 'processed' } },
            { investor: { organization_id: { _eq: 'X-Data-Organization-Id' } } },
          ],
        },
      },
    },
    'less-permissive',
  ),
  entry(
    '13',
    'mutation',
    'array-relationship-split-narrowed',
    familyFund,
    {
      ...familyFunds,
      filter: {
        _and: [
          { subscriptions: { status: { _eq: 'processed' } } },
          { subscriptions: { investor: { organization_id: { _eq: 'X-Data-Organization-Id' } } } },
        ],
      },
    },
    'less-permissive',
  ),
  // An object relationship reaches one row: the split and the joined forms are the same.
  entry(
    '14',
    'refactor',
    'object-relationship-split',
    familyFund,
    {
      ...familyFunds,
      filter: {
        subscriptions: {
          _and: [
            { investor: { organization_id: { _eq: 'X-Data-Organization-Id' } } },
            { investor: { id: { _is_null: false } } },
          ],
        },
      },
    },
    'equivalent',
  ),
  entry(
    '15',
    'mutation',
    'relationship-negated',
    familyFund,
    {
      ...familyFunds,
      filter: { _not: { subscriptions: { investor: { organization_id: { _eq: 'X-Data-Organization-Id' } } } } },
    },
    'incomparable',
  ),
  entry(
    '16',
    'refactor',
    'relationship-or-distributed',
    familyFund,
    {
      ...familyFunds,
      filter: {
        subscriptions: {
          investor: {
            _or: [
              { organization_id: { _eq: 'X-Data-Organization-Id' } },
              { _and: [{ organization_id: { _eq: 'X-Data-Organization-Id' } }, { email: { _is_null: false } }] },
            ],
          },
        },
      },
    },
    'equivalent',
  ),
];
