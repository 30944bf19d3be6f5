// The kinds of change spec diff finds in openapi.yaml and how each affects a client
// (docs/spec-diff.md#openapi-rules). The rule of thumb: a request a client could send before must
// still be accepted, and a response it could read before must still read the same way. A kind has
// one level, whatever the operation, so an allow-list entry always excuses the same thing.
import type { Level } from '../spec-change.ts';

interface KindRule {
  readonly level: Level;
  /** Why it has that level, for the docs table and --as-json readers. */
  readonly why: string;
}

const breaking = (why: string): KindRule => ({ level: 'breaking', why });
const dangerous = (why: string): KindRule => ({ level: 'dangerous', why });
const safe = (why: string): KindRule => ({ level: 'safe', why });

export const openApiKinds = {
  'operation-removed': breaking('clients calling it get 404 or 405 (a renamed path is a removal and an addition)'),
  'operation-added': safe('no client calls it yet'),
  'operation-id-changed': breaking('generated clients name their methods by operationId'),
  'operation-deprecated': safe('a notice; the operation still answers'),
  'security-requirement-removed': breaking('clients authenticating that way are refused'),
  'security-requirement-added': safe('one more way to authenticate'),
  'parameter-added-required': breaking('requests without it are refused'),
  'parameter-added': safe('optional: requests without it still pass'),
  'parameter-removed': dangerous('clients still send it and it is ignored'),
  'parameter-became-required': breaking('requests without it are refused'),
  'parameter-became-optional': safe('requests with it still pass'),
  'parameter-style-changed': breaking('the same value is serialized differently'),
  'request-body-added-required': breaking('requests without a body are refused'),
  'request-body-added': safe('optional: requests without it still pass'),
  'request-body-removed': dangerous('clients still send it and it is ignored'),
  'request-body-became-required': breaking('requests without a body are refused'),
  'request-body-became-optional': safe('requests with a body still pass'),
  'request-media-type-removed': breaking('bodies of that type are refused (415)'),
  'request-media-type-added': safe('one more type accepted'),
  'request-property-added-required': breaking('bodies without it are refused'),
  'request-property-added': safe('optional: bodies without it still pass'),
  'request-property-removed': dangerous('clients still send it and it is ignored'),
  'request-property-rejected': breaking(
    'removed from a body that refuses unknown properties: bodies sending it are refused',
  ),
  'request-property-became-required': breaking('bodies without it are refused'),
  'request-property-became-optional': safe('bodies with it still pass'),
  'request-type-narrowed': breaking('a type clients send is no longer accepted'),
  'request-type-widened': safe('everything accepted before still is'),
  'request-enum-value-removed': breaking('clients sending that value are refused'),
  'request-enum-value-added': safe('everything accepted before still is'),
  'request-values-restricted': breaking('any value was accepted, now only a list (enum or const)'),
  'request-values-unrestricted': safe('everything accepted before still is'),
  'request-constraint-tightened': breaking('values clients send may now be refused (length, range, pattern, format)'),
  'request-constraint-loosened': safe('everything accepted before still is'),
  'request-default-changed': dangerous('clients that leave the value out get a different behaviour'),
  'request-unknown-properties-refused': dangerous('bodies with properties the spec never named are now refused'),
  'request-variant-removed': breaking('bodies of that form (oneOf/anyOf member) are refused'),
  'request-variant-added': safe('one more form accepted'),
  'response-status-removed': breaking(
    'clients handling that status no longer get it; a changed status is a removal and an addition',
  ),
  'response-status-added': dangerous('clients may not handle the new status'),
  'response-media-type-removed': breaking('clients asking for that type no longer get it'),
  'response-media-type-added': safe('sent only to clients that ask for it'),
  'response-header-removed': breaking('clients reading it no longer get it'),
  'response-header-added': safe('clients that do not know it ignore it'),
  'response-property-removed': breaking('clients reading it no longer get it'),
  'response-property-added': safe('clients that do not know it ignore it'),
  'response-property-became-optional': breaking('clients relying on it may not get it'),
  'response-property-became-required': safe('always there now'),
  'response-type-widened': breaking('clients may get a type they cannot read (null, another type)'),
  'response-type-narrowed': safe('everything sent now was possible before'),
  'response-enum-value-removed': breaking(
    'clients handling that value lose it; typed clients naming it no longer compile',
  ),
  'response-enum-value-added': dangerous('clients with exhaustive handling meet a value they do not know'),
  'response-values-unrestricted': dangerous('any value may now be sent, not only the listed ones'),
  'response-values-restricted': safe('everything sent now was possible before'),
  'response-constraint-loosened': dangerous(
    'values outside the old bounds may be sent (length, range, pattern, format)',
  ),
  'response-constraint-tightened': safe('everything sent now was possible before'),
  'response-variant-added': dangerous('clients may get a form (oneOf/anyOf member) they do not handle'),
  'response-variant-removed': safe('everything sent now was possible before'),
} as const satisfies Record<string, KindRule>;

export type OpenApiKind = keyof typeof openApiKinds;

export interface Found {
  readonly kind: OpenApiKind;
  readonly location: string;
  readonly level: Level;
  readonly message: string;
}

export function found(kind: OpenApiKind, location: string, message: string): Found {
  return { kind, location, level: openApiKinds[kind].level, message };
}

/** Where, as segments joined the one way fingerprints depend on. */
export function at(...segments: readonly string[]): string {
  return segments.filter((segment) => segment.length > 0).join(' > ');
}
