// A response or request body content type without a `schema`: valid OpenAPI, but the generated
// Handlers type and the request validators have nothing to check the body against, so a
// handler's answer would go unchecked (docs/code-generation.md#spec-problems). `format: binary`
// bodies say so with a schema too (openapi.yaml#/components/schemas/BinaryFile).
import { yamlProblem } from '../../../src/spec-problems/locate-yaml-node.ts';
import type { YamlWithPositions } from '../../../src/spec-problems/parse-yaml-with-positions.ts';
import type { SpecProblem } from '../../../src/spec-problems/spec-problem.ts';
import type { YamlPath } from '../../../src/spec-problems/yaml-path.ts';
import { httpMethods } from './openapi-document.ts';
import { valueAt } from './redocly-problems.ts';

export function mediaWithoutSchema(parsed: YamlWithPositions): SpecProblem[] {
  return bodyPlaces(parsed.value).flatMap(({ path, what }) => {
    const content = valueAt(parsed.value, [...path, 'content']);
    if (!content || typeof content !== 'object') return [];
    return Object.entries(content)
      .filter(([, media]) => !media || typeof media !== 'object' || !('schema' in media))
      .map(([type]) =>
        yamlProblem(parsed, [...path, 'content', type], 'key', `${what}: content '${type}' has no schema`),
      );
  });
}

/** Every response and request body: in operations and in components. */
function bodyPlaces(document: unknown): { path: YamlPath; what: string }[] {
  const places: { path: YamlPath; what: string }[] = [];
  for (const [name] of entries(valueAt(document, ['components', 'responses'])))
    places.push({ path: ['components', 'responses', name], what: `response ${name}` });
  for (const [name] of entries(valueAt(document, ['components', 'requestBodies'])))
    places.push({ path: ['components', 'requestBodies', name], what: `request body ${name}` });
  for (const [path, item] of entries(valueAt(document, ['paths']))) {
    for (const method of httpMethods) {
      const operation = valueAt(item, [method]);
      if (!operation) continue;
      const at: YamlPath = ['paths', path, method];
      places.push({ path: [...at, 'requestBody'], what: `${method.toUpperCase()} ${path} request body` });
      for (const [status] of entries(valueAt(operation, ['responses'])))
        places.push({ path: [...at, 'responses', status], what: `${method.toUpperCase()} ${path} response ${status}` });
    }
  }
  return places;
}

function entries(value: unknown): [string, unknown][] {
  return value && typeof value === 'object' ? Object.entries(value) : [];
}
