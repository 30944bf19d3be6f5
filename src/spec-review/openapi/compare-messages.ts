// An operation's request body and responses before and after (docs/spec-diff.md#openapi-rules):
// the body (required or not, its media types, its schema in the request direction), then each
// response status, its media types and headers (names ignore case), their schemas in the response
// direction. A `$ref`'d response or body compares as its target.
import { compareSchemas } from './compare-schemas.ts';
import { at, found, type Found } from './openapi-change-kinds.ts';
import { isObject, mapping, resolve, type Json, type OpenApiDocument } from './openapi-document.ts';

interface Documents {
  readonly before: OpenApiDocument;
  readonly after: OpenApiDocument;
}

const resolved = (document: OpenApiDocument, node: unknown): Json | undefined => {
  const value = resolve(document, node);
  return isObject(value) ? value : undefined;
};

export function compareRequestBodies(documents: Documents, before: Json, after: Json, operation: string): Found[] {
  const [was, now] = [resolved(documents.before, before.requestBody), resolved(documents.after, after.requestBody)];
  const where = at(operation, 'request');
  if (was === undefined && now === undefined) return [];
  if (now === undefined) return [found('request-body-removed', where, 'the request body was removed')];
  if (was === undefined)
    return [
      now.required === true
        ? found('request-body-added-required', where, 'a required request body was added')
        : found('request-body-added', where, 'an optional request body was added'),
    ];
  const required =
    (was.required === true) === (now.required === true)
      ? []
      : [
          now.required === true
            ? found('request-body-became-required', where, 'the request body is now required')
            : found('request-body-became-optional', where, 'the request body is now optional'),
        ];
  return [...required, ...compareContent(documents, mapping(was.content), mapping(now.content), where, 'request')];
}

function compareContent(
  documents: Documents,
  before: Json,
  after: Json,
  where: string,
  direction: 'request' | 'response',
): Found[] {
  const types = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return types.flatMap((type) => {
    if (!(type in after))
      return [
        found(
          `${direction}-media-type-removed`,
          at(where, type),
          `${type} no longer ${direction === 'request' ? 'accepted' : 'sent'}`,
        ),
      ];
    if (!(type in before))
      return [
        found(
          `${direction}-media-type-added`,
          at(where, type),
          `${type} ${direction === 'request' ? 'accepted' : 'sent'}`,
        ),
      ];
    return compareSchemas(
      { ...documents, direction, prefix: at(where, type) },
      [mapping(before[type]).schema],
      [mapping(after[type]).schema],
      'body',
    );
  });
}

export function compareResponses(documents: Documents, before: Json, after: Json, operation: string): Found[] {
  const [was, now] = [mapping(before.responses), mapping(after.responses)];
  const statuses = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return statuses.flatMap((status) => {
    const where = at(operation, `response ${status}`);
    if (!(status in now)) return [found('response-status-removed', where, `status ${status} no longer answered`)];
    if (!(status in was)) return [found('response-status-added', where, `status ${status} may now be answered`)];
    const [left, right] = [resolved(documents.before, was[status]) ?? {}, resolved(documents.after, now[status]) ?? {}];
    return [
      ...compareContent(documents, mapping(left.content), mapping(right.content), where, 'response'),
      ...compareHeaders(documents, mapping(left.headers), mapping(right.headers), where),
    ];
  });
}

function byLowerName(headers: Json): Map<string, [string, unknown]> {
  return new Map(
    Object.entries(headers).map(([name, header]) => [name.toLowerCase(), [name, header] as [string, unknown]]),
  );
}

function compareHeaders(documents: Documents, before: Json, after: Json, where: string): Found[] {
  const [was, now] = [byLowerName(before), byLowerName(after)];
  return [...new Set([...was.keys(), ...now.keys()])].flatMap((key) => {
    const [left, right] = [was.get(key), now.get(key)];
    if (right === undefined)
      return [found('response-header-removed', at(where, `header ${left?.[0]}`), `header ${left?.[0]} no longer sent`)];
    if (left === undefined)
      return [found('response-header-added', at(where, `header ${right[0]}`), `header ${right[0]} sent`)];
    const [leftHeader, rightHeader] = [
      resolved(documents.before, left[1]) ?? {},
      resolved(documents.after, right[1]) ?? {},
    ];
    return compareSchemas(
      { ...documents, direction: 'response', prefix: where },
      [leftHeader.schema],
      [rightHeader.schema],
      `header ${right[0]}`,
    );
  });
}
