// Session variables arrive as strings (X-Data-* headers with the admin secret, or token
// claims) and are parsed to the types permissions.yaml declares; a role lists the ones its
// rules need, and a request without one of them is refused naming it (DESIGN.md §6).
import { permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import type { SessionValue } from '../../access/interpolate-session-variables.ts';
import { parseSessionValue } from '../../access/parse-session-value.ts';
import type { PermissionModel } from '../../access/permission-model.ts';
import { adminRole } from '../../access/data-query/role-permissions.ts';
import { DataLayerError } from '../data-layer-error.ts';

const model: PermissionModel = permissionModel;

/** Every declared session variable: lower-case name → its header spelling and type. */
export const sessionVariables = Object.entries(model.sessionVariables);

/** Parses the raw strings of declared variables; `source` names where they came from in messages. */
export function parseSessionVariables(raw: (name: string) => string | undefined, source: (header: string) => string): Record<string, SessionValue> {
  const values: Record<string, SessionValue> = {};
  for (const [name, variable] of sessionVariables) {
    const text = raw(name);
    if (text === undefined) continue;
    try {
      values[name] = parseSessionValue(variable.type, text.trim());
    } catch (error) {
      throw new DataLayerError('BAD_REQUEST', `${source(variable.header)} is malformed: ${(error as Error).message}`);
    }
  }
  return values;
}

/** Refuses a role whose rules need a variable the request does not carry. */
export function requireRoleSessionVariables(role: string, values: Readonly<Record<string, SessionValue>>, source: (header: string) => string): void {
  if (role === adminRole) return;
  const missing = (model.roles[role]?.sessionVariables ?? []).filter((name) => values[name] === undefined);
  if (missing.length === 0) return;
  const names = missing.map((name) => source(model.sessionVariables[name]?.header ?? name));
  throw new DataLayerError('BAD_REQUEST', `role '${role}' needs session variable${names.length === 1 ? '' : 's'} ${names.join(', ')}, which the request does not carry`);
}
