// One finding of `access lint` (docs/access-review.md#lint): which rule found it, what it is about
// (the subject, matched field by field against the allow-list), and a message for people.
export const lintRuleIds = [
  'role-without-rules',
  'all-rows-all-columns',
  'unused-session-variable',
  'undeclared-session-variable',
  'unreadable-table',
  'unreadable-column',
  'unchecked-write',
  'write-on-read-only-table',
  'unsatisfiable-filter',
  'operation-without-roles',
  'unknown-operation-role',
] as const;

export type LintRuleId = (typeof lintRuleIds)[number];

/** What a finding is about; an allow-list entry must name each field the finding has. */
export interface FindingSubject {
  readonly role?: string;
  readonly table?: string;
  readonly action?: string;
  /** Which condition of a rule: `filter` (the rows) or `check` (written rows). */
  readonly part?: string;
  readonly column?: string;
  readonly variable?: string;
  /** A document_access entry, and the name of one of its rules. */
  readonly document?: string;
  readonly documentRule?: string;
  /** A business operation of permissions.yaml business_operations (a root field of schema.graphql). */
  readonly operation?: string;
}

export const subjectFields = [
  'role',
  'table',
  'action',
  'part',
  'column',
  'variable',
  'document',
  'documentRule',
  'operation',
] as const satisfies readonly (keyof FindingSubject)[];

export interface LintFinding {
  readonly rule: LintRuleId;
  readonly subject: FindingSubject;
  readonly message: string;
}

export function isLintRuleId(value: string): value is LintRuleId {
  return (lintRuleIds as readonly string[]).includes(value);
}

/** `rule role=… table=…`: how a finding is named in reports and messages. */
export function findingKey(rule: string, subject: FindingSubject): string {
  const fields = subjectFields.flatMap((field) => (subject[field] === undefined ? [] : [`${field}=${subject[field]}`]));
  return [rule, ...fields].join(' ');
}
