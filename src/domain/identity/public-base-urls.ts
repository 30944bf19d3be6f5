// The base URLs a browser may use to reach the service (docs/identity.md "Browser login"):
// PUBLIC_URL and, when PUBLIC_URL names a loopback host, the same URL on the other loopback
// names, so a login started at http://localhost:3000 ends on localhost, where its cookies are.
// A request's Host header only ever selects one of these fixed URLs; any other Host gets
// PUBLIC_URL, so Host is never trusted beyond the loopback names of PUBLIC_URL's own port.

export interface PublicBaseUrls {
  /** PUBLIC_URL: the token issuer and the default for requests on any other host. */
  readonly canonical: string;
  /** The canonical URL first, then its loopback aliases (same scheme, port and path). */
  readonly all: readonly string[];
  /** The base URL a request addressed to `host` (its Host header) was sent to; the canonical one unless it is an alias. */
  forHost(host: string | undefined): string;
}

/** The names every browser resolves to this machine (RFC 6761 `localhost`, IPv4 and IPv6 loopback). */
const loopbackHostnames = ['127.0.0.1', 'localhost', '[::1]'] as const;

export function createPublicBaseUrls(publicUrl: string): PublicBaseUrls {
  const canonical = new URL(publicUrl);
  // Kept as given: it is also the issuer of platform tokens, compared as a string.
  const base = publicUrl.replace(/\/+$/, '');
  const isLoopback = (loopbackHostnames as readonly string[]).includes(canonical.hostname);
  const aliases = isLoopback
    ? loopbackHostnames.filter((name) => name !== canonical.hostname).map((name) => withHostname(canonical, name))
    : [];
  const byHost = new Map([[canonical.host, base], ...aliases.map((alias) => [new URL(alias).host, alias] as const)]);
  return {
    canonical: base,
    all: [base, ...aliases],
    forHost: (host) => (host === undefined ? base : (byHost.get(host.trim().toLowerCase()) ?? base)),
  };
}

function withHostname(url: URL, hostname: string): string {
  const alias = new URL(url.href);
  alias.hostname = hostname;
  return alias.href.replace(/\/+$/, '');
}
