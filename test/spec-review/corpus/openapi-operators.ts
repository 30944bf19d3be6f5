// The seeded operators of the spec diff corpus for openapi.yaml (docs/spec-diff.md#how-it-is-tested).
// Each lists every place of the real spec it can apply to, as edits and the changes the diff must
// list there. A breaking operator inlines what it changes at that one operation (a shared
// component or response is copied in first), so exactly that operation changes. Refactors must
// list nothing. Locations are spelled as docs/spec-diff.md#locations says.
import type { ExpectedChange, OpenApiEdit } from './corpus-entry.ts';
import { reordered, type Random } from './corpus-random.ts';

type Json = Record<string, any>;
export interface Candidate {
  readonly target: string;
  readonly edits: OpenApiEdit[];
  readonly expected: ExpectedChange[];
}
export type Operator = (spec: Json, random: Random) => Candidate[];

const methods = ['get', 'put', 'post', 'delete', 'patch'];
const clone = <Value>(value: Value): Value => structuredClone(value);

function deref(spec: Json, node: any): any {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((inner: any, key: string) => inner[key.replaceAll('~1', '/')], spec);
  }
  return clone(current);
}

interface Operation {
  readonly path: string;
  readonly method: string;
  readonly op: Json;
  readonly name: string;
  readonly at: (string | number)[];
}

function operations(spec: Json): Operation[] {
  return Object.entries(spec.paths as Json).flatMap(([path, item]) =>
    methods
      .filter((method) => item[method])
      .map((method) => ({
        path,
        method,
        op: item[method],
        name: `${method.toUpperCase()} ${path}`,
        at: ['paths', path, method],
      })),
  );
}

const change = (kind: string, location: string, level: ExpectedChange['level'] = 'breaking'): ExpectedChange => ({
  kind,
  location,
  level,
});
const loc = (...segments: string[]) => segments.join(' > ');
const alternativeLabel = (requirement: Json) => {
  const names = Object.keys(requirement).sort();
  return `[${names.length > 0 ? names.join(' + ') : 'anonymous'}]`;
};
const isPlainObjectSchema = (schema: any) =>
  schema && typeof schema === 'object' && schema.properties && !schema.oneOf && !schema.anyOf && !schema.allOf;

/** Request bodies: the media types whose schema (resolved) is a plain object schema. */
function requestSchemas(spec: Json) {
  return operations(spec).flatMap((operation) => {
    const body = operation.op.requestBody;
    if (!body || body.$ref) return [];
    return Object.entries(body.content as Json)
      .map(([media, content]) => ({ operation, media, content, schema: deref(spec, content.schema) }))
      .filter(({ schema }) => isPlainObjectSchema(schema));
  });
}

/** Responses: each status and media type whose schema (resolved) is a plain object schema. */
function responseSchemas(spec: Json) {
  return operations(spec).flatMap((operation) =>
    Object.entries(operation.op.responses as Json).flatMap(([status, raw]) => {
      const response = deref(spec, raw);
      return Object.entries((response.content ?? {}) as Json)
        .map(([media, content]) => ({
          operation,
          status,
          media,
          response,
          content,
          schema: deref(spec, content.schema),
        }))
        .filter(({ schema }) => isPlainObjectSchema(schema));
    }),
  );
}

function withSchema(site: { response: Json; media: string; content: Json }, schema: Json): Json {
  return { ...site.response, content: { ...site.response.content, [site.media]: { ...site.content, schema } } };
}

const without = (object: Json, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));

export const breakingOperators: Record<string, Operator> = {
  'operation-removed': (spec) =>
    operations(spec).map((operation) => ({
      target: operation.name,
      edits: [{ path: operation.at, delete: true }],
      expected: [change('operation-removed', operation.name)],
    })),
  'path-renamed': (spec) =>
    Object.keys(spec.paths).map((path) => {
      const renamed = `${path === '/' ? '' : path}/renamed`;
      const moved = operations(spec).filter((operation) => operation.path === path);
      return {
        target: path,
        edits: [
          { path: ['paths', path], delete: true },
          { path: ['paths', renamed], value: spec.paths[path] },
        ],
        expected: moved.flatMap((operation) => [
          change('operation-removed', operation.name),
          change('operation-added', `${operation.method.toUpperCase()} ${renamed}`, 'safe'),
        ]),
      };
    }),
  'operation-id-changed': (spec) =>
    operations(spec).map((operation) => ({
      target: operation.name,
      edits: [{ path: [...operation.at, 'operationId'], value: `${operation.op.operationId}V2` }],
      expected: [change('operation-id-changed', operation.name)],
    })),
  'response-status-removed': (spec) =>
    operations(spec).flatMap((operation) =>
      Object.keys(operation.op.responses).map((status) => ({
        target: `${operation.name} ${status}`,
        edits: [{ path: [...operation.at, 'responses', status], delete: true }],
        expected: [change('response-status-removed', loc(operation.name, `response ${status}`))],
      })),
    ),
  'response-status-changed': (spec) =>
    operations(spec).flatMap((operation) =>
      Object.keys(operation.op.responses)
        .filter((status) => /^2\d\d$/.test(status) && !(String(Number(status) + 1) in operation.op.responses))
        .map((status) => {
          const next = String(Number(status) + 1);
          return {
            target: `${operation.name} ${status} -> ${next}`,
            edits: [
              { path: [...operation.at, 'responses', next], value: operation.op.responses[status] },
              { path: [...operation.at, 'responses', status], delete: true },
            ],
            expected: [
              change('response-status-removed', loc(operation.name, `response ${status}`)),
              change('response-status-added', loc(operation.name, `response ${next}`), 'dangerous'),
            ],
          };
        }),
    ),
  'security-replaced': (spec) =>
    operations(spec).map((operation) => {
      const old = operation.op.security as Json[];
      const used = new Set(old.flatMap((requirement) => Object.keys(requirement)));
      const other = Object.keys(spec.components.securitySchemes).find((name) => !used.has(name)) as string;
      return {
        target: `${operation.name} -> ${other}`,
        edits: [{ path: [...operation.at, 'security'], value: [{ [other]: [] }] }],
        expected: [
          ...old.map((requirement) =>
            change('security-requirement-removed', loc(operation.name, `security ${alternativeLabel(requirement)}`)),
          ),
          change('security-requirement-added', loc(operation.name, `security [${other}]`), 'safe'),
        ],
      };
    }),
  'anonymous-access-removed': (spec) =>
    operations(spec)
      .filter(
        (operation) =>
          operation.op.security.length > 1 &&
          operation.op.security.some((requirement: Json) => Object.keys(requirement).length === 0),
      )
      .map((operation) => ({
        target: operation.name,
        edits: [
          {
            path: [...operation.at, 'security'],
            value: operation.op.security.filter((requirement: Json) => Object.keys(requirement).length > 0),
          },
        ],
        expected: [change('security-requirement-removed', loc(operation.name, 'security [anonymous]'))],
      })),
  'second-scheme-required': (spec) =>
    operations(spec)
      .filter((operation) => operation.op.security.every((requirement: Json) => Object.keys(requirement).length > 0))
      .map((operation) => {
        const [first, ...rest] = operation.op.security as Json[];
        const used = new Set(Object.keys(first as Json));
        const other = Object.keys(spec.components.securitySchemes).find((name) => !used.has(name)) as string;
        const both = { ...first, [other]: [] };
        return {
          target: `${operation.name} ${alternativeLabel(first as Json)} + ${other}`,
          edits: [{ path: [...operation.at, 'security'], value: [both, ...rest] }],
          expected: [
            change('security-requirement-removed', loc(operation.name, `security ${alternativeLabel(first as Json)}`)),
            change('security-requirement-added', loc(operation.name, `security ${alternativeLabel(both)}`), 'safe'),
          ],
        };
      }),
  'parameter-added-required': (spec) =>
    operations(spec).map((operation) => ({
      target: operation.name,
      edits: [
        {
          path: [...operation.at, 'parameters'],
          value: [
            ...(operation.op.parameters ?? []),
            { name: 'seeded', in: 'query', required: true, schema: { type: 'string' } },
          ],
        },
      ],
      expected: [change('parameter-added-required', loc(operation.name, 'query.seeded'))],
    })),
  'parameter-became-required': (spec) =>
    operations(spec).flatMap((operation) =>
      (operation.op.parameters ?? []).flatMap((raw: Json, index: number) => {
        const parameter = deref(spec, raw);
        if (parameter.required === true || parameter.in === 'path') return [];
        return [
          {
            target: `${operation.name} ${parameter.in}.${parameter.name}`,
            edits: [{ path: [...operation.at, 'parameters', index], value: { ...parameter, required: true } }],
            expected: [change('parameter-became-required', loc(operation.name, `${parameter.in}.${parameter.name}`))],
          },
        ];
      }),
    ),
  'parameter-enum-value-removed': (spec, random) =>
    operations(spec).flatMap((operation) =>
      (operation.op.parameters ?? []).flatMap((raw: Json, index: number) => {
        const parameter = deref(spec, raw);
        const schema = deref(spec, parameter.schema);
        if (!Array.isArray(schema?.enum) || schema.enum.length < 2 || schema.allOf || schema.oneOf) return [];
        const value = random.pick(schema.enum);
        return [
          {
            target: `${operation.name} ${parameter.in}.${parameter.name} ${JSON.stringify(value)}`,
            edits: [
              {
                path: [...operation.at, 'parameters', index],
                value: {
                  ...parameter,
                  schema: { ...schema, enum: schema.enum.filter((item: unknown) => item !== value) },
                },
              },
            ],
            expected: [
              change(
                'request-enum-value-removed',
                loc(operation.name, `${parameter.in}.${parameter.name}`, `enum ${JSON.stringify(value)}`),
              ),
            ],
          },
        ];
      }),
    ),
  'parameter-max-length-tightened': (spec) =>
    operations(spec).flatMap((operation) =>
      (operation.op.parameters ?? []).flatMap((raw: Json, index: number) => {
        const parameter = deref(spec, raw);
        const schema = deref(spec, parameter.schema);
        if (schema?.type !== 'string' || schema.enum || schema.allOf) return [];
        const maxLength =
          typeof schema.maxLength === 'number' && schema.maxLength > 1 ? Math.floor(schema.maxLength / 2) : 8;
        return [
          {
            target: `${operation.name} ${parameter.in}.${parameter.name} maxLength ${maxLength}`,
            edits: [
              {
                path: [...operation.at, 'parameters', index],
                value: { ...parameter, schema: { ...schema, maxLength } },
              },
            ],
            expected: [
              change(
                'request-constraint-tightened',
                loc(operation.name, `${parameter.in}.${parameter.name}`, 'maxLength'),
              ),
            ],
          },
        ];
      }),
    ),
  'request-property-added-required': (spec) =>
    requestSchemas(spec).map(({ operation, media, schema }) => ({
      target: `${operation.name} ${media}`,
      edits: [
        {
          path: [...operation.at, 'requestBody', 'content', media, 'schema'],
          value: {
            ...schema,
            properties: { ...schema.properties, seededField: { type: 'string' } },
            required: [...(schema.required ?? []), 'seededField'],
          },
        },
      ],
      expected: [change('request-property-added-required', loc(operation.name, 'request', media, 'body.seededField'))],
    })),
  'request-property-became-required': (spec) =>
    requestSchemas(spec).flatMap(({ operation, media, schema }) =>
      Object.keys(schema.properties)
        .filter((name) => !(schema.required ?? []).includes(name))
        .map((name) => ({
          target: `${operation.name} ${media} ${name}`,
          edits: [
            {
              path: [...operation.at, 'requestBody', 'content', media, 'schema'],
              value: { ...schema, required: [...(schema.required ?? []), name] },
            },
          ],
          expected: [change('request-property-became-required', loc(operation.name, 'request', media, `body.${name}`))],
        })),
    ),
  'request-property-type-narrowed': (spec) =>
    requestSchemas(spec).flatMap(({ operation, media, schema }) =>
      Object.entries(schema.properties as Json)
        .map(([name, raw]) => [name, deref(spec, raw)] as const)
        .filter(
          ([, property]) =>
            property.type === 'string' || (Array.isArray(property.type) && property.type.includes('string')),
        )
        .map(([name, property]) => ({
          target: `${operation.name} ${media} ${name}`,
          edits: [
            {
              path: [...operation.at, 'requestBody', 'content', media, 'schema'],
              value: { ...schema, properties: { ...schema.properties, [name]: { ...property, type: 'integer' } } },
            },
          ],
          expected: [change('request-type-narrowed', loc(operation.name, 'request', media, `body.${name}`))],
        })),
    ),
  'request-property-removed-from-closed-body': (spec) =>
    requestSchemas(spec)
      .filter(({ schema }) => schema.additionalProperties === false)
      .flatMap(({ operation, media, schema }) =>
        Object.keys(schema.properties).map((name) => ({
          target: `${operation.name} ${media} ${name}`,
          edits: [
            {
              path: [...operation.at, 'requestBody', 'content', media, 'schema'],
              value: {
                ...schema,
                properties: without(schema.properties, name),
                required: (schema.required ?? []).filter((item: string) => item !== name),
              },
            },
          ],
          expected: [change('request-property-rejected', loc(operation.name, 'request', media, `body.${name}`))],
        })),
      ),
  'request-body-became-required': (spec) =>
    operations(spec)
      .filter(
        (operation) =>
          operation.op.requestBody && !operation.op.requestBody.$ref && operation.op.requestBody.required !== true,
      )
      .map((operation) => ({
        target: operation.name,
        edits: [{ path: [...operation.at, 'requestBody', 'required'], value: true }],
        expected: [change('request-body-became-required', loc(operation.name, 'request'))],
      })),
  'request-media-type-removed': (spec) =>
    operations(spec)
      .filter((operation) => operation.op.requestBody && !operation.op.requestBody.$ref)
      .flatMap((operation) =>
        Object.keys(operation.op.requestBody.content).map((media) => ({
          target: `${operation.name} ${media}`,
          edits: [{ path: [...operation.at, 'requestBody', 'content', media], delete: true }],
          expected: [change('request-media-type-removed', loc(operation.name, 'request', media))],
        })),
      ),
  'response-property-removed': (spec) =>
    responseSchemas(spec).flatMap((site) =>
      Object.keys(site.schema.properties).map((name) => ({
        target: `${site.operation.name} ${site.status} ${site.media} ${name}`,
        edits: [
          {
            path: [...site.operation.at, 'responses', site.status],
            value: withSchema(site, {
              ...site.schema,
              properties: without(site.schema.properties, name),
              required: (site.schema.required ?? []).filter((item: string) => item !== name),
            }),
          },
        ],
        expected: [
          change(
            'response-property-removed',
            loc(site.operation.name, `response ${site.status}`, site.media, `body.${name}`),
          ),
        ],
      })),
    ),
  'response-property-renamed': (spec) =>
    responseSchemas(spec).flatMap((site) =>
      Object.keys(site.schema.properties).map((name) => {
        const properties = Object.fromEntries(
          Object.entries(site.schema.properties as Json).map(([key, value]) => [
            key === name ? `${name}Renamed` : key,
            value,
          ]),
        );
        const required = (site.schema.required ?? []).map((item: string) => (item === name ? `${name}Renamed` : item));
        return {
          target: `${site.operation.name} ${site.status} ${site.media} ${name}`,
          edits: [
            {
              path: [...site.operation.at, 'responses', site.status],
              value: withSchema(site, { ...site.schema, properties, required }),
            },
          ],
          expected: [
            change(
              'response-property-removed',
              loc(site.operation.name, `response ${site.status}`, site.media, `body.${name}`),
            ),
            change(
              'response-property-added',
              loc(site.operation.name, `response ${site.status}`, site.media, `body.${name}Renamed`),
              'safe',
            ),
          ],
        };
      }),
    ),
  'response-property-became-optional': (spec) =>
    responseSchemas(spec).flatMap((site) =>
      (site.schema.required ?? [])
        .filter((name: string) => name in site.schema.properties)
        .map((name: string) => ({
          target: `${site.operation.name} ${site.status} ${site.media} ${name}`,
          edits: [
            {
              path: [...site.operation.at, 'responses', site.status],
              value: withSchema(site, {
                ...site.schema,
                required: site.schema.required.filter((item: string) => item !== name),
              }),
            },
          ],
          expected: [
            change(
              'response-property-became-optional',
              loc(site.operation.name, `response ${site.status}`, site.media, `body.${name}`),
            ),
          ],
        })),
    ),
  'response-property-became-nullable': (spec) =>
    responseSchemas(spec).flatMap((site) =>
      Object.entries(site.schema.properties as Json)
        .map(([name, raw]) => [name, deref(spec, raw)] as const)
        .filter(
          ([, property]) =>
            (typeof property.type === 'string' || Array.isArray(property.type)) &&
            ![property.type].flat().includes('null'),
        )
        .map(([name, property]) => ({
          target: `${site.operation.name} ${site.status} ${site.media} ${name}`,
          edits: [
            {
              path: [...site.operation.at, 'responses', site.status],
              value: withSchema(site, {
                ...site.schema,
                properties: {
                  ...site.schema.properties,
                  [name]: { ...property, type: [...[property.type].flat(), 'null'] },
                },
              }),
            },
          ],
          expected: [
            change(
              'response-type-widened',
              loc(site.operation.name, `response ${site.status}`, site.media, `body.${name}`),
            ),
          ],
        })),
    ),
  'response-enum-value-removed': (spec, random) =>
    responseSchemas(spec).flatMap((site) =>
      Object.entries(site.schema.properties as Json)
        .map(([name, raw]) => [name, deref(spec, raw)] as const)
        .filter(([, property]) => Array.isArray(property.enum) && property.enum.length >= 2)
        .map(([name, property]) => {
          const value = random.pick(property.enum as unknown[]);
          return {
            target: `${site.operation.name} ${site.status} ${site.media} ${name} ${JSON.stringify(value)}`,
            edits: [
              {
                path: [...site.operation.at, 'responses', site.status],
                value: withSchema(site, {
                  ...site.schema,
                  properties: {
                    ...site.schema.properties,
                    [name]: { ...property, enum: property.enum.filter((item: unknown) => item !== value) },
                  },
                }),
              },
            ],
            expected: [
              change(
                'response-enum-value-removed',
                loc(
                  site.operation.name,
                  `response ${site.status}`,
                  site.media,
                  `body.${name}`,
                  `enum ${JSON.stringify(value)}`,
                ),
              ),
            ],
          };
        }),
    ),
  'response-media-type-removed': (spec) =>
    operations(spec).flatMap((operation) =>
      Object.entries(operation.op.responses as Json).flatMap(([status, raw]) => {
        const response = deref(spec, raw);
        const media = Object.keys(response.content ?? {});
        if (media.length < 2) return [];
        return media.map((type) => ({
          target: `${operation.name} ${status} ${type}`,
          edits: [
            {
              path: [...operation.at, 'responses', status],
              value: { ...response, content: without(response.content, type) },
            },
          ],
          expected: [change('response-media-type-removed', loc(operation.name, `response ${status}`, type))],
        }));
      }),
    ),
  'response-header-removed': (spec) =>
    operations(spec).flatMap((operation) =>
      Object.entries(operation.op.responses as Json).flatMap(([status, raw]) => {
        const response = deref(spec, raw);
        return Object.keys(response.headers ?? {}).map((header) => ({
          target: `${operation.name} ${status} ${header}`,
          edits: [
            {
              path: [...operation.at, 'responses', status],
              value: { ...response, headers: without(response.headers, header) },
            },
          ],
          expected: [change('response-header-removed', loc(operation.name, `response ${status}`, `header ${header}`))],
        }));
      }),
    ),
};

/** Every `$ref` to a component schema, with where it is (its path in the document). */
function schemaRefs(spec: Json): { at: (string | number)[]; ref: string; node: Json }[] {
  const found: { at: (string | number)[]; ref: string; node: Json }[] = [];
  const walk = (node: any, at: (string | number)[]) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...at, index]));
    else if (node && typeof node === 'object') {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/'))
        found.push({ at, ref: node.$ref, node });
      for (const [key, value] of Object.entries(node)) if (key !== '$ref') walk(value, [...at, key]);
    }
  };
  walk(spec, []);
  return found;
}

const noFindings: ExpectedChange[] = [];

export const refactorOperators: Record<string, Operator> = {
  'inline-schema-ref': (spec) =>
    schemaRefs(spec)
      .filter(({ node }) => Object.keys(node).length === 1)
      .map(({ at, ref }) => ({
        target: `${at.join('/')} (${ref})`,
        edits: [{ path: at, value: deref(spec, { $ref: ref }) }],
        expected: noFindings,
      })),
  'wrap-ref-in-all-of': (spec) =>
    schemaRefs(spec)
      .filter(({ node }) => Object.keys(node).length === 1)
      .map(({ at, ref }) => ({
        target: `${at.join('/')} (${ref})`,
        edits: [{ path: at, value: { allOf: [{ $ref: ref }], description: 'Seeded wrapper, same schema.' } }],
        expected: noFindings,
      })),
  'extract-inline-schema': (spec) =>
    Object.entries(spec.components.schemas as Json).flatMap(([name, schema]) =>
      Object.entries((schema.properties ?? {}) as Json)
        .filter(([, property]) => !property.$ref && property.type)
        .map(([property, value]) => {
          const component = `Seeded${name}${property[0]?.toUpperCase()}${property.slice(1)}`;
          return {
            target: `${name}.${property}`,
            edits: [
              { path: ['components', 'schemas', component], value },
              {
                path: ['components', 'schemas', name, 'properties', property],
                value: { $ref: `#/components/schemas/${component}` },
              },
            ],
            expected: noFindings,
          };
        }),
    ),
  'rename-component-schema': (spec) =>
    Object.keys(spec.components.schemas).map((name) => {
      const renamed = `${name}Renamed`;
      const refs = schemaRefs(spec).filter(({ ref }) => ref === `#/components/schemas/${name}`);
      return {
        target: name,
        edits: [
          ...refs.map(({ at, node }) => ({ path: at, value: { ...node, $ref: `#/components/schemas/${renamed}` } })),
          { path: ['components', 'schemas', renamed], value: spec.components.schemas[name] },
          { path: ['components', 'schemas', name], delete: true as const },
        ],
        expected: noFindings,
      };
    }),
  'reorder-properties': (spec, random) =>
    Object.entries(spec.components.schemas as Json)
      .filter(([, schema]) => Object.keys(schema.properties ?? {}).length >= 2)
      .map(([name, schema]) => ({
        target: name,
        edits: [
          {
            path: ['components', 'schemas', name, 'properties'],
            value: Object.fromEntries(reordered(random, Object.entries(schema.properties as Json))),
          },
          ...(Array.isArray(schema.required) && schema.required.length >= 2
            ? [{ path: ['components', 'schemas', name, 'required'], value: reordered(random, schema.required) }]
            : []),
        ],
        expected: noFindings,
      })),
  'reorder-responses-and-parameters': (spec, random) =>
    operations(spec).map((operation) => ({
      target: operation.name,
      edits: [
        {
          path: [...operation.at, 'responses'],
          value: Object.fromEntries(reordered(random, Object.entries(operation.op.responses as Json))),
        },
        ...((operation.op.parameters ?? []).length >= 2
          ? [{ path: [...operation.at, 'parameters'], value: reordered(random, operation.op.parameters) }]
          : []),
        ...(operation.op.security.length >= 2
          ? [{ path: [...operation.at, 'security'], value: reordered(random, operation.op.security) }]
          : []),
      ],
      expected: noFindings,
    })),
  'reorder-enum-values': (spec, random) =>
    Object.entries(spec.components.schemas as Json)
      .filter(([, schema]) => Array.isArray(schema.enum) && schema.enum.length >= 2)
      .map(([name, schema]) => ({
        target: name,
        edits: [{ path: ['components', 'schemas', name, 'enum'], value: reordered(random, schema.enum) }],
        expected: noFindings,
      })),
  'edit-words': (spec) =>
    operations(spec).map((operation) => {
      const [status, response] = Object.entries(operation.op.responses as Json)[0] as [string, Json];
      const example = !response.$ref && response.content?.['application/json']?.example !== undefined;
      return {
        target: operation.name,
        edits: [
          { path: [...operation.at, 'summary'], value: `${operation.op.summary ?? ''} (reworded)` },
          {
            path: [...operation.at, 'description'],
            value: 'Seeded description: the words changed, the contract did not.\n',
          },
          ...(example
            ? [
                {
                  path: [...operation.at, 'responses', status, 'content', 'application/json', 'example'],
                  value: { seeded: 'example' },
                },
              ]
            : []),
        ],
        expected: noFindings,
      };
    }),
  'rename-path-parameter': (spec) =>
    Object.keys(spec.paths)
      .filter((path) => /\{[^}]+\}/.test(path))
      .map((path) => {
        const name = (/\{([^}]+)\}/.exec(path) as RegExpExecArray)[1] as string;
        const renamedPath = path.replace(`{${name}}`, `{${name}Renamed}`);
        const item = clone(spec.paths[path]);
        for (const method of methods.filter((method) => item[method]))
          item[method].parameters = item[method].parameters.map((raw: Json) => {
            const parameter = deref(spec, raw);
            return parameter.in === 'path' && parameter.name === name ? { ...parameter, name: `${name}Renamed` } : raw;
          });
        return {
          target: `${path} {${name}}`,
          edits: [
            { path: ['paths', path], delete: true as const },
            { path: ['paths', renamedPath], value: item },
          ],
          expected: noFindings,
        };
      }),
  'rename-security-scheme': (spec) =>
    Object.keys(spec.components.securitySchemes).map((scheme) => {
      const renamed = `${scheme}Renamed`;
      return {
        target: scheme,
        edits: [
          ...operations(spec)
            .filter((operation) => operation.op.security.some((requirement: Json) => scheme in requirement))
            .map((operation) => ({
              path: [...operation.at, 'security'],
              value: operation.op.security.map((requirement: Json) =>
                Object.fromEntries(
                  Object.entries(requirement).map(([key, scopes]) => [key === scheme ? renamed : key, scopes]),
                ),
              ),
            })),
          { path: ['components', 'securitySchemes', renamed], value: spec.components.securitySchemes[scheme] },
          { path: ['components', 'securitySchemes', scheme], delete: true as const },
        ],
        expected: noFindings,
      };
    }),
  'inline-response-and-parameters': (spec) =>
    operations(spec).map((operation) => ({
      target: operation.name,
      edits: [
        {
          path: [...operation.at, 'responses'],
          value: Object.fromEntries(
            Object.entries(operation.op.responses as Json).map(([status, raw]) => [status, deref(spec, raw)]),
          ),
        },
        ...(operation.op.parameters
          ? [
              {
                path: [...operation.at, 'parameters'],
                value: operation.op.parameters.map((raw: Json) => deref(spec, raw)),
              },
            ]
          : []),
      ],
      expected: noFindings,
    })),
};
