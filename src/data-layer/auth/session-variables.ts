// Session variables arrive as strings (X-Data-* headers with the admin secret, or token
// claims) and are parsed to the types permissions.yaml declares (`session_variables`). As in
// Hasura, a request needs exactly the variables referenced by the rules it uses: a missing or
// malformed one of those is refused naming it, any other is ignored
// (docs/data-layer.md#authentication). The declarations are generated/permissions' unless a
// data layer serves another compiled model (create-data-layer.ts).
import { permissionModel } from '../../../generated/permissions/compiled-permissions.ts';
import type { SessionVariableUse } from '../../records/data-layer-sql/compiled-operation.ts';
import type { SessionValue } from '../../access/interpolate-session-variables.ts';
import { parseSessionValue } from '../../access/parse-session-value.ts';
import type { PermissionModel } from '../../access/permission-model.ts';
import type { DataCaller } from './data-caller.ts';
import { SessionVariableError } from './session-variable-error.ts';

const compiledModel: PermissionModel = permissionModel;

const namesByModel = new WeakMap<PermissionModel, readonly string[]>();

/** The model's declared variable names, listed once per model: every authenticated request reads them. */
function declaredNames(model: PermissionModel): readonly string[] {
  let names = namesByModel.get(model);
  if (!names) namesByModel.set(model, (names = Object.keys(model.sessionVariables)));
  return names;
}

/** The text of every declared variable `raw` gives (a header or claim reader, by lower-case name). */
export function collectSessionText(
  raw: (name: string) => string | undefined,
  model: PermissionModel = compiledModel,
): Record<string, string> {
  const text: Record<string, string> = {};
  for (const name of declaredNames(model)) {
    const value = raw(name);
    if (value !== undefined) text[name] = value;
  }
  return text;
}

/** Where a variable came from, for messages: `header X-Data-User-Id` or `token claim x-data-user-id`. */
export function sessionSource(via: DataCaller['via'], name: string, model: PermissionModel = compiledModel): string {
  return via === 'bearer' ? `token claim ${name}` : `header ${model.sessionVariables[name]?.header ?? name}`;
}

const quoted = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');

function missingMessage(caller: DataCaller, missing: readonly SessionVariableUse[], model: PermissionModel): string {
  const sources = missing.map((use) => sessionSource(caller.via, use.name, model)).join(', ');
  const rootFields = [...new Set(missing.flatMap((use) => use.rootFields))];
  return (
    `role '${caller.role}' needs session variable${missing.length === 1 ? '' : 's'} ${sources}, which the request does not carry ` +
    `(the rules behind ${quoted(rootFields)} use ${missing.length === 1 ? 'it' : 'them'})`
  );
}

/** Whether the caller carries every variable of `uses`; a loop, not a filtered copy, as it runs on every request. */
function carriesAll(caller: DataCaller, uses: readonly SessionVariableUse[]): boolean {
  for (const use of uses) if (caller.sessionText[use.name] === undefined) return false;
  return true;
}

/**
 * The typed values of the variables `uses` names, parsed from what the caller carries. Refuses
 * the request naming every missing one, or else the first malformed one; variables not in
 * `uses` are neither parsed nor bound.
 */
export function requireSessionValues(
  caller: DataCaller,
  uses: readonly SessionVariableUse[],
  model: PermissionModel = compiledModel,
): Record<string, SessionValue> {
  if (!carriesAll(caller, uses))
    throw new SessionVariableError(
      missingMessage(
        caller,
        uses.filter((use) => caller.sessionText[use.name] === undefined),
        model,
      ),
    );
  const values: Record<string, SessionValue> = {};
  for (const { name } of uses) {
    const type = model.sessionVariables[name]?.type;
    if (type === undefined) throw new Error(`session variable '${name}' is not declared in permissions.yaml`);
    try {
      values[name] = parseSessionValue(type, (caller.sessionText[name] as string).trim());
    } catch (error) {
      throw new SessionVariableError(
        `${sessionSource(caller.via, name, model)} is malformed: ${(error as Error).message}`,
      );
    }
  }
  return values;
}
