// Checks of a provider's configured URL and timeout, shared by the provider factories
// (docs/providers.md#configuration): messages name the origin only, since a URL may carry
// credentials that must not reach an error message or a log.

export function httpOrigin(url: string, what: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return parsed.origin;
  } catch {
    throw new Error(`${what} provider URL is not a valid http(s) URL`);
  }
}

export function assertTimeout(timeoutMs: number | undefined, what: string): void {
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`${what} provider timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
}
