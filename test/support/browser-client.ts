// A tiny browser for tests of login flows (docs/identity.md#browser-login): a cookie jar and
// fetch with manual redirects, so every hop of a redirect chain can be seen and checked.
// Host-only cookies (a Domain attribute is ignored), Path and expiry respected; SameSite is not
// modelled.

export interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Epoch milliseconds; undefined for a session cookie. */
  expiresAt: number | undefined;
}

export interface RedirectHop {
  /** The URL requested. */
  url: URL;
  status: number;
  /** The resolved Location header, when the response was a redirect. */
  location: URL | undefined;
}

export interface FollowResult {
  /** Where the chain stopped: the last URL requested, or the first one `stopAt` refused to request. */
  url: URL;
  /** The last response received, or undefined when `stopAt` refused the very first URL. */
  response: Response | undefined;
  /** True when the chain stopped because `stopAt` matched `url`, which was then not requested. */
  stopped: boolean;
  hops: RedirectHop[];
}

export interface FollowOptions {
  /** Stop before requesting a URL for which this returns true. */
  stopAt?: (url: URL) => boolean;
  /** At most this many requests (default 20). */
  maxHops?: number;
}

export interface BrowserRequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** A URLSearchParams body is sent as a form, as a browser submits one. */
  body?: string | URLSearchParams;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export class BrowserClient {
  #cookies: StoredCookie[] = [];
  #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** One request, no redirect followed; sends the jar's cookies and stores the answer's. */
  async fetch(input: string | URL, init: BrowserRequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    headers.set('accept', headers.get('accept') ?? 'text/html,application/xhtml+xml,*/*;q=0.8');
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body,
      redirect: 'manual',
    });
    this.store(url, response.headers.getSetCookie());
    return response;
  }

  /**
   * Follows a redirect chain one request at a time, starting with a GET of `start` or with the
   * Location of the response `start`. Like a browser, every redirect is followed with a GET.
   */
  async follow(
    start: string | URL | { response: Response; url: string | URL },
    options: FollowOptions = {},
  ): Promise<FollowResult> {
    const hops: RedirectHop[] = [];
    const maxHops = options.maxHops ?? 20;
    let response: Response | undefined;
    let next: URL;
    if (typeof start === 'string' || start instanceof URL) {
      next = new URL(start);
    } else {
      response = start.response;
      const location = redirectLocation(start.response, new URL(start.url));
      if (!location) return { url: new URL(start.url), response, stopped: false, hops };
      next = location;
    }
    for (;;) {
      if (options.stopAt?.(next)) return { url: next, response, stopped: true, hops };
      if (hops.length >= maxHops) throw new Error(`more than ${maxHops} redirects, the last to ${next.href}`);
      response = await this.fetch(next);
      const location = redirectLocation(response, next);
      hops.push({ url: next, status: response.status, location });
      if (!location) return { url: next, response, stopped: false, hops };
      await response.body?.cancel();
      next = location;
    }
  }

  /** The cookies this jar would send to `url` now. */
  cookiesFor(input: string | URL): StoredCookie[] {
    const url = new URL(input);
    this.#dropExpired();
    return this.#cookies
      .filter(
        (cookie) =>
          cookie.host === url.host &&
          pathMatches(cookie.path, url.pathname) &&
          (!cookie.secure || isSecureContext(url)),
      )
      .sort((a, b) => b.path.length - a.path.length);
  }

  cookieHeader(input: string | URL): string {
    return this.cookiesFor(input)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** Every cookie in the jar, for assertions. */
  allCookies(): StoredCookie[] {
    this.#dropExpired();
    return [...this.#cookies];
  }

  clearCookies(): void {
    this.#cookies = [];
  }

  /** Stores `set-cookie` header values received from `url`. */
  store(input: string | URL, setCookies: string[]): void {
    const url = new URL(input);
    for (const header of setCookies) {
      const cookie = parseSetCookie(header, url, this.#now());
      if (!cookie) continue;
      this.#cookies = this.#cookies.filter(
        (other) => !(other.name === cookie.name && other.host === cookie.host && other.path === cookie.path),
      );
      if (cookie.expiresAt === undefined || cookie.expiresAt > this.#now()) this.#cookies.push(cookie);
    }
  }

  #dropExpired(): void {
    const now = this.#now();
    this.#cookies = this.#cookies.filter((cookie) => cookie.expiresAt === undefined || cookie.expiresAt > now);
  }
}

function redirectLocation(response: Response, from: URL): URL | undefined {
  const location = response.headers.get('location');
  return redirectStatuses.has(response.status) && location ? new URL(location, from) : undefined;
}

/** RFC 6265 §5.2, host-only; undefined for a header without a name=value pair. */
export function parseSetCookie(header: string, url: URL, now: number): StoredCookie | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const separator = pair.indexOf('=');
  if (separator <= 0) return undefined;
  const cookie: StoredCookie = {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    host: url.host,
    path: defaultPath(url.pathname),
    secure: false,
    httpOnly: false,
    expiresAt: undefined,
  };
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [rawName = '', ...rest] = attribute.split('=');
    const name = rawName.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (name === 'path' && value.startsWith('/')) cookie.path = value;
    else if (name === 'secure') cookie.secure = true;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'max-age' && /^-?\d+$/.test(value)) {
      maxAgeSeen = true;
      const seconds = Number(value);
      cookie.expiresAt = seconds <= 0 ? 0 : now + seconds * 1000;
    } else if (name === 'expires' && !maxAgeSeen) {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) cookie.expiresAt = time;
    }
  }
  return cookie;
}

function defaultPath(pathname: string): string {
  const lastSlash = pathname.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : pathname.slice(0, lastSlash);
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** Browsers send Secure cookies over https and to loopback hosts. */
function isSecureContext(url: URL): boolean {
  return (
    url.protocol === 'https:' ||
    url.hostname === 'localhost' ||
    url.hostname === '127.0.0.1' ||
    url.hostname === '[::1]'
  );
}
