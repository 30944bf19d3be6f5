// oidc-provider 9 ships no type declarations. This declares the subset the development identity
// provider uses, checked against node_modules/oidc-provider/lib; extend it when more of
// the library is needed rather than casting to `any` at the call site.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type Koa from 'koa';

  /** What oidc-provider stores per model (Session, Interaction, AuthorizationCode, Grant, ...). */
  export interface AdapterPayload {
    [key: string]: unknown;
    jti?: string;
    uid?: string;
    grantId?: string;
    userCode?: string;
    consumed?: number;
  }

  /** The storage contract of the `adapter` option (the library's example/my_adapter.js). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** A non-constructable function (an arrow function) is called once per model name. */
  export type AdapterFactory = (model: string) => Adapter;

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    application_type?: 'web' | 'native';
    token_endpoint_auth_method?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    response_types?: string[];
    grant_types?: string[];
    id_token_signed_response_alg?: string;
  }

  export interface Client {
    readonly clientId: string;
    readonly clientName?: string;
    readonly redirectUris: string[];
    postLogoutRedirectUriAllowed(uri: string): boolean;
  }

  export interface Grant {
    readonly jti: string;
    readonly accountId: string;
    readonly clientId: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Session {
    readonly accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; acr?: string; amr?: string[]; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    readonly uid: string;
    readonly prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    readonly params: Record<string, unknown>;
    readonly returnTo: string;
  }

  export interface OIDCContext {
    readonly provider: Provider;
    readonly client?: Client;
    readonly session?: Session;
    readonly result?: InteractionResults;
    readonly route?: string;
  }

  export interface KoaContextWithOIDC extends Koa.ParameterizedContext {
    oidc: OIDCContext;
  }

  /** The body of an OAuth error response, as given to `renderError`. */
  export interface ErrorOut {
    [key: string]: unknown;
    error: string;
    error_description?: string;
  }

  export type TtlValue = number | ((ctx: KoaContextWithOIDC, ...rest: unknown[]) => number);

  export interface Configuration {
    adapter?: AdapterFactory;
    claims?: Record<string, string[] | null>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    clients?: ClientMetadata[];
    conformIdTokenClaims?: boolean;
    cookies?: {
      names?: { session?: string; interaction?: string; resume?: string };
      long?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; path?: string };
      short?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; path?: string };
      keys?: string[];
    };
    features?: {
      devInteractions?: { enabled: boolean };
      resourceIndicators?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Promise<void>;
      };
    };
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string };
    jwks?: { keys: Record<string, unknown>[] };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Promise<void>;
    responseTypes?: string[];
    scopes?: string[];
    ttl?: Record<string, TtlValue>;
  }

  /** The provider is itself a Koa application (`provider.callback()` mounts it anywhere). */
  export class Provider extends Koa {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Client: { prototype: Client };
    readonly Grant: GrantConstructor;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export const errors: {
    OIDCProviderError: new (...args: never[]) => Error & { status: number; error: string };
    SessionNotFound: new (...args: never[]) => Error & { status: number; error: string };
  };

  export default Provider;
}
