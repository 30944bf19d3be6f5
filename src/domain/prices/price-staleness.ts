// When a stored price is stale (docs/providers.md#staleness): the source last updated it more
// than the maximum age ago. A stale price is still returned, marked, never silently used as fresh.

export function isStalePrice(updatedAt: Date, now: Date, maxAgeMs: number): boolean {
  return now.getTime() - updatedAt.getTime() > maxAgeMs;
}
