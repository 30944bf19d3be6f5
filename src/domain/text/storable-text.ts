// Text the platform can store: PostgreSQL `text` holds no NUL character (error 22021) and no
// unpaired UTF-16 surrogate (JavaScript strings may hold one, UTF-8 cannot), so such input is
// refused before any query (docs/requests.md#the-router, docs/identity.md#credentials).

/** What makes `value` unstorable, for a message; null when PostgreSQL text can hold it. */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (!value.isWellFormed()) return 'contains an unpaired UTF-16 surrogate';
  return null;
}

/** Where in a JSON-like value (object keys included) a string is unstorable, as dotted paths. */
export function findUnstorableText(
  value: unknown,
  path: readonly string[] = [],
): { path: string[]; problem: string }[] {
  // Every request's parameters and body pass here and almost none hold such text: the check
  // without paths allocates nothing, and only a hit pays for building them.
  if (!holdsUnstorableText(value)) return [];
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem ? [{ path: [...path], problem }] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const found: { path: string[]; problem: string }[] = [];
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorableText(key);
    if (keyProblem) found.push({ path: [...path, printableKey(key)], problem: `name ${keyProblem}` });
    else found.push(...findUnstorableText(item, [...path, key]));
  }
  return found;
}

function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorableText(value) !== null;
  if (typeof value !== 'object' || value === null) return false;
  for (const key of Object.keys(value)) {
    if (unstorableText(key) !== null || holdsUnstorableText((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** A key that cannot be stored cannot be printed as is either: escaped as JSON would. */
function printableKey(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}
