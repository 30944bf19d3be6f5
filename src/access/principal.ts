// Who is calling, as resolved by authentication; the one type the access layer reads
// (issue 3 adds sessions, bearer tokens and stored API keys).
export type Principal =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'admin-api-key'; readonly keyId: 'bootstrap' | string }
  | {
      readonly kind: 'api-key';
      readonly keyId: string;
      readonly keyKind: 'admin' | 'service' | 'partner';
      readonly organizationId: string | null;
      readonly scopes: readonly string[];
    }
  | {
      readonly kind: 'user';
      readonly userId: string;
      readonly sessionId: string | null;
      readonly organizationIds: readonly string[];
      readonly isAdministrator: boolean;
    };

export const anonymous: Principal = Object.freeze({ kind: 'anonymous' });
