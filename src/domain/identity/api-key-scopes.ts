// The scopes an API key may hold (docs/identity.md#scopes): the SDK init-token routes check the
// first two (openapi.yaml), the business GraphQL API the rest, one per kind of operation
// (src/graphql/operation-scopes.ts says which field needs which), and `kyc-decrypt`, which a
// field needs beside `kyc` to answer KYC questionnaires in plaintext (docs/kyc.md#who-gets-plaintext).
// Admin keys hold every scope.
export const sdkScopes = ['workflow-sdk', 'kyc-sdk'] as const;

export const businessScopes = [
  'read',
  'wallets',
  'custody',
  'trading',
  'kyc',
  'kyc-decrypt',
  'funds',
  'documents',
] as const;

export const knownScopes = [...sdkScopes, ...businessScopes] as const;

export type BusinessScope = (typeof businessScopes)[number];
