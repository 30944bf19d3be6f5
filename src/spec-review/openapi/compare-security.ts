// An operation's security before and after (docs/spec-diff.md#openapi-rules). `security` lists
// alternatives, each a set of schemes a client presents together (with OAuth scopes). A client
// that satisfied an old alternative still gets in when some new alternative asks for no scheme
// and no scope more; otherwise that alternative was removed (breaking). Schemes compare by what
// they are (type, where the credential goes, its name), not by their names in components, so
// renaming a scheme is no change. No `security` (or `[]`) means anyone: the alternative `{}`.
import { at, found, type Found } from './openapi-change-kinds.ts';
import { isObject, mapping, resolve, type Json, type OpenApiDocument } from './openapi-document.ts';

interface Alternative {
  /** What the schemes are, scheme identity → scopes. */
  readonly needs: ReadonlyMap<string, ReadonlySet<string>>;
  /** As written, for locations: `[apiKey]`, `[bearerAuth + apiKey]`, `[anonymous]`. */
  readonly label: string;
}

function schemeIdentity(document: OpenApiDocument, name: string): string {
  const scheme = resolve(document, mapping(mapping(document.root.components).securitySchemes)[name]);
  if (!isObject(scheme)) return `unknown scheme ${name}`;
  const { type, in: place, name: credential, scheme: httpScheme, openIdConnectUrl, flows } = scheme;
  const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
  return JSON.stringify([
    type,
    place,
    place === 'header' ? lower(credential) : credential,
    lower(httpScheme),
    openIdConnectUrl,
    flowsIdentity(flows),
  ]);
}

function flowsIdentity(flows: unknown): unknown {
  if (!isObject(flows)) return null;
  return Object.keys(flows)
    .sort()
    .map((flow) => {
      const { authorizationUrl, tokenUrl } = mapping(flows[flow]);
      return [flow, authorizationUrl, tokenUrl];
    });
}

export function alternatives(document: OpenApiDocument, operation: Json): Alternative[] {
  const declared = operation.security ?? document.root.security;
  const list = Array.isArray(declared) && declared.length > 0 ? declared : [{}];
  return list.map((requirement) => {
    const names = Object.keys(mapping(requirement)).sort();
    const needs = new Map(
      names.map((name) => {
        const scopes = mapping(requirement)[name];
        return [schemeIdentity(document, name), new Set(Array.isArray(scopes) ? scopes.map(String) : [])] as const;
      }),
    );
    const words = names.map((name) => {
      const scopes = mapping(requirement)[name];
      return Array.isArray(scopes) && scopes.length > 0 ? `${name}(${[...scopes].sort().join(' ')})` : name;
    });
    return { needs, label: `[${words.length > 0 ? words.join(' + ') : 'anonymous'}]` };
  });
}

/** A client meeting `held` meets `asked`: every scheme and scope asked for is held. */
function meets(held: Alternative, asked: Alternative): boolean {
  return [...asked.needs].every(([scheme, scopes]) => {
    const have = held.needs.get(scheme);
    return have !== undefined && [...scopes].every((scope) => have.has(scope));
  });
}

const same = (left: Alternative, right: Alternative) => meets(left, right) && meets(right, left);

export function compareSecurity(before: Alternative[], after: Alternative[], operation: string): Found[] {
  return [
    ...before
      .filter((old) => !after.some((next) => meets(old, next)))
      .map((old) =>
        found(
          'security-requirement-removed',
          at(operation, `security ${old.label}`),
          `clients authenticating with ${old.label} are refused`,
        ),
      ),
    ...after
      .filter((next) => !before.some((old) => same(old, next)))
      .map((next) =>
        found('security-requirement-added', at(operation, `security ${next.label}`), `${next.label} accepted`),
      ),
  ];
}
