// The session a witness is replayed with, as the data layer takes it over HTTP: the admin secret,
// X-Data-Role and one X-Data-* header per declared session variable (docs/data-layer.md#authentication).
// The witness gives the variables its filters read; the others get a fixed value of their type,
// since a request must carry every variable the rules it uses read (a preset, the select rule
// behind a mutation) even where the replayed filter does not.
import type { PermissionModel, SessionVariableType } from '../../../src/access/permission-model.ts';
import type { SessionWorldValue } from '../../../src/access-review/diff/evaluate-filter.ts';
import { replayAdminSecret } from './version-server.ts';

export type ReplaySession = { readonly [name: string]: SessionWorldValue };

const unsetValue: Record<SessionVariableType, SessionWorldValue> = {
  text: 'replay-unset',
  uuid: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
  integer: 999_999,
  numeric: 999_999,
  boolean: false,
  timestamptz: '2000-01-01T00:00:00.000Z',
  'text[]': [],
  'uuid[]': [],
  'integer[]': [],
};

/** Every declared variable: the given value, or its type's fixed stand-in. */
export function completeSession(model: PermissionModel, given: ReplaySession): ReplaySession {
  const session: Record<string, SessionWorldValue> = {};
  for (const [name, variable] of Object.entries(model.sessionVariables))
    session[name] = given[name] ?? unsetValue[variable.type];
  return session;
}

function headerText(value: SessionWorldValue): string {
  if (!Array.isArray(value)) return String(value);
  // A PostgreSQL array literal, as X-Data-Allowed-Funds is sent ({1,2,3}); text elements quoted.
  const items = value.map((item) => (typeof item === 'string' ? `"${item.replace(/["\\]/g, '\\$&')}"` : String(item)));
  return `{${items.join(',')}}`;
}

/** The headers acting as `role` with `session`. */
export function roleHeaders(model: PermissionModel, role: string, session: ReplaySession): Record<string, string> {
  const headers: Record<string, string> = { 'x-data-admin-secret': replayAdminSecret, 'x-data-role': role };
  for (const [name, value] of Object.entries(session)) {
    const header = model.sessionVariables[name]?.header;
    if (header) headers[header.toLowerCase()] = headerText(value);
  }
  return headers;
}
