// The credentials and session values of a data-layer socket (docs/data-layer.md#subscriptions):
// browsers cannot set a WebSocket's headers, so, as Hasura, the connection_init payload carries
// them, in `headers` (`{ headers: { "x-data-admin-secret": …, "x-data-role": … } }`) and/or as
// top-level keys; names are case-insensitive, `headers` wins over a top-level key, and both over
// the upgrade request's own headers. The result is read by the same authenticator as a POST.
import type { IncomingHttpHeaders } from 'node:http';

function stringEntries(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, item]) =>
    typeof item === 'string' ? [[name.toLowerCase(), item] as [string, string]] : [],
  );
}

/** Header names the data layer reads: its credentials and session variables. */
const dataHeader = /^(authorization|x-data-[a-z0-9-]+)$/;

export function socketHeaders(
  payload: Readonly<Record<string, unknown>> | undefined,
  upgrade: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  const entries: [string, string][] = [
    ...Object.entries(upgrade).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as [string, string]] : [],
    ),
    ...stringEntries(payload),
    ...stringEntries(payload?.['headers']),
  ];
  for (const [name, value] of entries) if (dataHeader.test(name)) headers[name] = value;
  return headers;
}

/** The credential the headers present, for the per-credential socket cap. */
export function presentedCredential(headers: IncomingHttpHeaders): string {
  return String(headers['x-data-admin-secret'] ?? headers.authorization ?? '');
}
