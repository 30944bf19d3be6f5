// An operation's parameters before and after (docs/spec-diff.md#openapi-rules): path-level and
// operation-level ones together, matched by where they go and their name (header names ignore
// case); path parameters by their position in the path, so renaming `{invoiceId}` to `{id}`
// changes nothing a client sends. A parameter's schema compares in the request direction.
import { compareSchemas } from './compare-schemas.ts';
import { at, found, type Found } from './openapi-change-kinds.ts';
import { isObject, mapping, resolve, type Json, type OpenApiDocument } from './openapi-document.ts';

interface Parameter {
  readonly key: string;
  readonly label: string;
  readonly required: boolean;
  readonly style: string;
  readonly schema: unknown;
}

function schemaOf(parameter: Json): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  const media = Object.values(mapping(parameter.content))[0];
  return mapping(media).schema;
}

function styleOf(parameter: Json): string {
  const place = String(parameter.in);
  const style =
    typeof parameter.style === 'string' ? parameter.style : place === 'query' || place === 'cookie' ? 'form' : 'simple';
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  return `${style}${explode ? ', exploded' : ''}`;
}

export function parametersOf(
  document: OpenApiDocument,
  path: string,
  pathItem: Json,
  operation: Json,
): Map<string, Parameter> {
  const slots = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const found = new Map<string, Parameter>();
  for (const raw of [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]) {
    const parameter = resolve(document, raw);
    if (!isObject(parameter)) continue;
    const name = String(parameter.name);
    const place = String(parameter.in);
    const key =
      place === 'path' ? `path #${slots.indexOf(name)}` : `${place} ${place === 'header' ? name.toLowerCase() : name}`;
    found.set(key, {
      key,
      label: `${place}.${name}`,
      required: parameter.required === true || place === 'path',
      style: styleOf(parameter),
      schema: schemaOf(parameter),
    });
  }
  return found;
}

export function compareParameters(
  documents: { before: OpenApiDocument; after: OpenApiDocument },
  before: Map<string, Parameter>,
  after: Map<string, Parameter>,
  operation: string,
): Found[] {
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys.flatMap((key) => {
    const [was, now] = [before.get(key), after.get(key)];
    if (now === undefined)
      return was ? [found('parameter-removed', at(operation, was.label), `parameter ${was.label} removed`)] : [];
    const where = at(operation, now.label);
    if (was === undefined)
      return [
        now.required
          ? found('parameter-added-required', where, `required parameter ${now.label} added`)
          : found('parameter-added', where, `optional parameter ${now.label} added`),
      ];
    return [
      ...(was.required === now.required
        ? []
        : [
            now.required
              ? found('parameter-became-required', where, `${now.label} is now required`)
              : found('parameter-became-optional', where, `${now.label} is now optional`),
          ]),
      ...(was.style === now.style
        ? []
        : [found('parameter-style-changed', where, `serialized as ${now.style}, was ${was.style}`)]),
      ...compareSchemas(
        { ...documents, direction: 'request', prefix: operation },
        [was.schema],
        [now.schema],
        now.label,
      ),
    ];
  });
}
