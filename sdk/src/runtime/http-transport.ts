// Sends one request with its credentials, retries it when that is safe, and refreshes the access
// token once for all concurrent 401s (docs/sdk.md#retries, docs/sdk.md#token-refresh).
import type { ClientOptions, Credential, SecuritySchemeSpec } from './client-options.ts';
import { NetworkError } from './sdk-errors.ts';
import { isRetryableStatus, retryAfterSeconds, retryDelay, sleep } from './retry-policy.ts';
import { singleFlight } from './single-flight.ts';

export interface TransportRequest {
  method: string;
  /** Path and query, e.g. `/invoices/1?format=pdf`. */
  path: string;
  headers?: Record<string, string>;
  body?: RequestInit['body'];
  /** The operation's `security`: alternatives (any one), each a set of schemes (all); `[]` is anonymous. */
  security: readonly (readonly string[])[];
  /** Safe to send again after a failed attempt. */
  retry: boolean;
  /** Per-call credentials, over the client's. */
  auth?: ClientOptions['auth'];
  signal?: AbortSignal;
  /** Retry this answer too (GraphQL: a 200 whose errors are all RATE_LIMITED or SERVICE_UNAVAILABLE). */
  retryAnswer?: (response: Response) => Promise<number | null | false>;
}

export interface Transport {
  send(request: TransportRequest): Promise<Response>;
}

export function createTransport(options: ClientOptions, schemes: Record<string, SecuritySchemeSpec>): Transport {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retry = options.retry === false ? { maxRetries: 0 } : (options.retry ?? {});
  let refreshedToken: string | undefined;
  const refresh = options.refreshAccessToken
    ? singleFlight(async () => (refreshedToken = await options.refreshAccessToken!()))
    : undefined;

  const credential = async (name: string, auth: ClientOptions['auth']): Promise<string | undefined> => {
    if (name === 'bearerAuth' && refreshedToken !== undefined && !auth?.[name]) return refreshedToken;
    const value: Credential | undefined = auth?.[name] ?? options.auth?.[name];
    return typeof value === 'function' ? await value() : value;
  };

  /** The first alternative of `security` whose every scheme has a credential: its headers and query. */
  const credentials = async (request: TransportRequest) => {
    for (const alternative of request.security) {
      const values = await Promise.all(alternative.map((name) => credential(name, request.auth)));
      if (values.some((value) => value === undefined)) continue;
      const headers: Record<string, string> = {};
      const query: string[] = [];
      let bearer: string | undefined;
      alternative.forEach((name, index) => {
        const value = values[index] as string;
        const scheme = schemes[name];
        if (scheme?.in === 'bearer') headers.authorization = `Bearer ${(bearer = value)}`;
        else if (scheme?.in === 'header') headers[scheme.name.toLowerCase()] = value;
        else if (scheme?.in === 'cookie') headers.cookie = `${scheme.name}=${value}`;
        else if (scheme?.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=${encodeURIComponent(value)}`);
      });
      return { headers, query, bearer };
    }
    return { headers: {}, query: [], bearer: undefined };
  };

  return {
    async send(request) {
      let refreshed = false;
      for (let attempt = 0; ; attempt += 1) {
        const { headers, query, bearer } = await credentials(request);
        const separator = request.path.includes('?') ? '&' : '?';
        const url = `${options.baseUrl.replace(/\/$/, '')}${request.path}${query.length > 0 ? separator + query.join('&') : ''}`;
        const canRetry = request.retry && attempt < (retry.maxRetries ?? 2);
        let response: Response;
        try {
          response = await fetchImpl(url, {
            method: request.method,
            headers: { ...options.headers, ...request.headers, ...headers },
            body: request.body,
            credentials: options.credentials,
            redirect: 'manual',
            signal: request.signal,
          });
        } catch (cause) {
          if (request.signal?.aborted || !canRetry) throw new NetworkError(request.method, url, cause);
          await sleep(retryDelay(retry, attempt));
          continue;
        }
        if (response.status === 401 && bearer !== undefined && refresh && !refreshed) {
          // A 401 is decided before the operation runs, so sending again is safe for any method.
          refreshed = true;
          if (refreshedToken === undefined || refreshedToken === bearer) await refresh();
          await response.body?.cancel();
          attempt -= 1;
          continue;
        }
        const wait = isRetryableStatus(response.status)
          ? retryAfterSeconds(response.headers.get('retry-after'))
          : request.retryAnswer && canRetry
            ? await request.retryAnswer(response.clone())
            : false;
        if (canRetry && wait !== false) {
          await response.body?.cancel();
          await sleep(retryDelay(retry, attempt, wait));
          continue;
        }
        return response;
      }
    },
  };
}
