// The lint allow-list (access-lint-allow.yaml at the repository root; docs/access-review.md#lint):
// findings that are intended, each entry with its reason. An entry names its rule and every
// subject field of the findings it covers, each as one value or a list (`role: [user, trader]`):
// there are no wildcards, so a new role or table is never allowed by accident. An entry stands
// for every combination of its values; a combination that matches no finding is stale and
// reported, so the file cannot outlive what it excuses.
import { entryNames, failEntry, parseAllowEntries } from '../allow-list-file.ts';
import { isLintRuleId, subjectFields, type FindingSubject, type LintRuleId } from './lint-finding.ts';

export interface AllowEntry {
  readonly rule: LintRuleId;
  readonly reason: string;
  /** The covered subjects: every combination of the entry's field values. */
  readonly subjects: readonly FindingSubject[];
  /** 1-based position in the file, for messages. */
  readonly index: number;
}

type SubjectField = (typeof subjectFields)[number];

function isSubjectField(key: string): key is SubjectField {
  return (subjectFields as readonly string[]).includes(key);
}

/** Every combination of the fields' values, as subjects. */
function combinations(fields: readonly [SubjectField, string[]][]): FindingSubject[] {
  return fields.reduce<FindingSubject[]>(
    (subjects, [field, names]) => subjects.flatMap((subject) => names.map((name) => ({ ...subject, [field]: name }))),
    [{}],
  );
}

function parseEntry(file: string, index: number, raw: unknown): AllowEntry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) failEntry(file, index, 'must be a mapping');
  const { rule, reason, ...rest } = raw as Record<string, unknown>;
  if (typeof rule !== 'string' || !isLintRuleId(rule)) failEntry(file, index, `unknown rule ${JSON.stringify(rule)}`);
  if (typeof reason !== 'string' || reason.trim().length === 0)
    failEntry(file, index, 'needs a reason (why the finding is intended)');
  const fields: [SubjectField, string[]][] = [];
  for (const [key, value] of Object.entries(rest)) {
    if (!isSubjectField(key))
      failEntry(file, index, `unknown field '${key}' (fields: rule, reason, ${subjectFields.join(', ')})`);
    fields.push([key, entryNames(file, index, key, value)]);
  }
  if (fields.length === 0) failEntry(file, index, 'names no subject (role, table, …)');
  return { rule, reason, subjects: combinations(fields), index };
}

/** Parses the allow-list text; `file` names it in messages. Throws ReviewError when malformed. */
export function parseAllowList(text: string, file: string): AllowEntry[] {
  return parseAllowEntries(text, file, parseEntry);
}

/** Whether `subject` is exactly the finding's subject: the same fields, the same values. */
export function sameSubject(a: FindingSubject, b: FindingSubject): boolean {
  return subjectFields.every((field) => a[field] === b[field]);
}
