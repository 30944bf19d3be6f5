// The kinds of API key, listed once: the values the api_key.kind CHECK constraint allows
// (migration 0001), what the admin CLI accepts and what a principal's keyKind may be
// (docs/identity.md).
export const apiKeyKinds = ['admin', 'service', 'partner'] as const;

export type ApiKeyKind = (typeof apiKeyKinds)[number];
