// The checks of openapi.yaml that Redocly's linter (@redocly/openapi-core, which openapi-typescript
// already runs on) makes, each problem at its node: structure against OpenAPI 3.1, references,
// path parameters, operationIds, security schemes, unused components and `required` properties.
// Only these rules run (not the style rules of `npm run lint:spec`): each is a mistake the
// generated code or the router would trip over (docs/code-generation.md#spec-problems).
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { didYouMean } from 'graphql/jsutils/didYouMean.js';
import { yamlProblem } from '../../../src/spec-problems/locate-yaml-node.ts';
import type { YamlWithPositions } from '../../../src/spec-problems/parse-yaml-with-positions.ts';
import type { SpecProblem } from '../../../src/spec-problems/spec-problem.ts';
import { pointerToPath, type YamlPath } from '../../../src/spec-problems/yaml-path.ts';
import { unresolvedRefMessage } from './unresolved-ref-message.ts';

const rules = {
  struct: 'error',
  'no-unresolved-refs': 'error',
  'no-unused-components': 'error',
  'path-parameters-defined': 'error',
  'operation-operationId': 'error',
  'operation-operationId-unique': 'error',
  'operation-parameters-unique': 'error',
  'security-defined': 'error',
  'no-identical-paths': 'error',
  'no-required-schema-properties-undefined': 'error',
} as const;

export async function redoclyProblems(text: string, parsed: YamlWithPositions): Promise<SpecProblem[]> {
  const config = await createConfig({ rules });
  const found = await lintFromString({ source: text, absoluteRef: `/${parsed.fileName}`, config });
  // Structure first: the other rules read a document of the right shape, and on a wrong one
  // they report what follows from it (a parameter `in: body` is no path parameter).
  const structural = found.filter((problem) => problem.ruleId === 'struct');
  return (structural.length > 0 ? structural : found).map((problem) => toSpecProblem(problem, parsed));
}

function toSpecProblem(problem: NormalizedProblem, parsed: YamlWithPositions): SpecProblem {
  const location = problem.location[0];
  const path = pointerToPath(location?.pointer ?? '#/');
  const at = location?.reportOnKey ? 'key' : 'value';
  if (problem.ruleId === 'no-unresolved-refs') {
    const ref = valueAt(parsed.value, [...path, '$ref']);
    if (typeof ref === 'string')
      return yamlProblem(parsed, [...path, '$ref'], 'value', unresolvedRefMessage(parsed.value, ref));
  }
  if (problem.ruleId === 'operation-operationId-unique') return duplicateOperationId(parsed, path);
  const found = valueAt(parsed.value, path);
  const shown = !location?.reportOnKey && isScalar(found) ? ` (found ${JSON.stringify(found)})` : '';
  return yamlProblem(parsed, path, at, `${problem.message}${shown}${didYouMean(problem.suggest)}`);
}

/** Redocly points below the operation; the message names the id and where it was first used. */
function duplicateOperationId(parsed: YamlWithPositions, path: YamlPath): SpecProblem {
  const operationPath = path.slice(0, 3);
  const id = valueAt(parsed.value, [...operationPath, 'operationId']);
  const first = operationsOf(parsed.value).find((operation) => operation.id === id);
  const where = first ? `: ${first.method.toUpperCase()} ${first.path} has it already` : '';
  return yamlProblem(
    parsed,
    [...operationPath, 'operationId'],
    'value',
    `duplicate operationId '${String(id)}'${where}`,
  );
}

function operationsOf(document: unknown): { path: string; method: string; id: unknown }[] {
  const paths = valueAt(document, ['paths']);
  if (!paths || typeof paths !== 'object') return [];
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries((item ?? {}) as Record<string, unknown>).map(([method, operation]) => ({
      path,
      method,
      id: valueAt(operation, ['operationId']),
    })),
  );
}

export function valueAt(value: unknown, path: YamlPath): unknown {
  let node = value;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(segment)];
  }
  return node;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
