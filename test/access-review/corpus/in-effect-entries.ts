// The corpus entries whose operator changes a write rule's text in a direction no request can
// reach (docs/access-review.md#write-rules-judged-as-a-whole). The operator guarantees the verdict
// of the rule's text (`textVerdict`); the diff judges insert and update checks and update filters
// on what a request can write, so these get the verdict in effect (`expected`), and the tests hold
// the unreachable direction noted on the entry's part. Each group says why no request reaches it.
import type { Verdict } from '../../../src/access-review/diff/compare-filters.ts';

interface InEffect {
  readonly ids: readonly string[];
  readonly expected: Verdict;
  readonly why: string;
}

const statusDefault =
  'the check widens only on status, which the role may not give and no preset sets: every insert writes its constant default, which both versions treat alike';

const groups: readonly InEffect[] = [
  {
    ids: [
      'mutation-009',
      'mutation-047',
      'mutation-048',
      'mutation-115',
      'mutation-116',
      'mutation-186',
      'mutation-219',
      'mutation-225',
    ],
    expected: 'equivalent-in-effect',
    why: statusDefault,
  },
  {
    ids: [
      'mutation-007',
      'mutation-010',
      'mutation-046',
      'mutation-082',
      'mutation-149',
      'mutation-160',
      'mutation-187',
      'mutation-218',
    ],
    expected: 'less-permissive',
    why: `${statusDefault}; the narrowing (the default refused now) is reachable`,
  },
  {
    ids: ['mutation-049', 'mutation-220'],
    expected: 'less-permissive',
    why: 'the check widens to organization_id _neq X-Data-Organization-Id, where the preset writes exactly X-Data-Organization-Id; the narrowing is reachable',
  },
  {
    ids: ['mutation-085', 'mutation-117', 'mutation-152', 'mutation-194', 'mutation-195'],
    expected: 'less-permissive',
    why: 'the check widens only on rows the update filter never admits and the update cannot make (the columns it reads are not client columns and keep their value); the narrowing is reachable',
  },
  {
    ids: ['mutation-121', 'mutation-185', 'mutation-192'],
    expected: 'equivalent-in-effect',
    why: 'the check widens only on rows the update filter never admits and the update cannot make (the filter already demands what the old check demanded, on columns the client may not set)',
  },
  {
    ids: ['mutation-172'],
    expected: 'equivalent-in-effect',
    why: 'the filter widens to rows (id = 424242) the unchanged check refuses after any update: the check reads the invoice, which the client may not change',
  },
];

/** The entry with its verdict in effect, when no request reaches a direction of its text's verdict. */
export function withVerdictInEffect<Entry extends { readonly id: string; readonly expected: Verdict }>(
  entry: Entry,
): Entry | (Entry & { readonly textVerdict: Verdict; readonly inEffect: string }) {
  const group = groups.find((found) => found.ids.includes(entry.id));
  return group ? { ...entry, expected: group.expected, textVerdict: entry.expected, inEffect: group.why } : entry;
}
