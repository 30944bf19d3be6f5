// openapi.yaml checked before anything is generated from it (docs/code-generation.md#spec-problems):
// YAML syntax, then Redocly's checks and ours, every problem at its line. A spec with problems
// generates nothing, so no generator stumbles on it with a message of its own.
import {
  parseYamlWithPositions,
  type YamlWithPositions,
} from '../../../src/spec-problems/parse-yaml-with-positions.ts';
import type { SpecProblem } from '../../../src/spec-problems/spec-problem.ts';
import { mediaWithoutSchema } from './media-without-schema.ts';
import { redoclyProblems } from './redocly-problems.ts';
import { schemaKeywordProblems } from './schema-keyword-values.ts';

export type OpenApiValidation =
  | { readonly ok: true; readonly parsed: YamlWithPositions }
  | { readonly ok: false; readonly problems: readonly SpecProblem[] };

export async function validateOpenApi(text: string, fileName: string): Promise<OpenApiValidation> {
  const yaml = parseYamlWithPositions(text, fileName);
  if (!yaml.ok) return yaml;
  const problems = [
    ...(await redoclyProblems(text, yaml.parsed)),
    ...mediaWithoutSchema(yaml.parsed),
    ...schemaKeywordProblems(yaml.parsed),
  ];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, parsed: yaml.parsed };
}
