// Schema keywords of openapi.yaml whose values the validators compile and Redocly does not check
// (docs/code-generation.md#spec-problems): a `pattern` that is no regular expression (ajv would
// throw from deep inside the validator generator, with no place) and a `format` nobody knows
// (ajv would ignore it with a warning, so the value goes unchecked). Each at its value, with a
// "did you mean" for a misspelt format. Examples, defaults, `const` and `enum` are data, not
// schemas, and are not looked into.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { didYouMean } from 'graphql/jsutils/didYouMean.js';
import { suggestionList } from 'graphql/jsutils/suggestionList.js';
import { yamlProblem } from '../../../src/spec-problems/locate-yaml-node.ts';
import type { YamlWithPositions } from '../../../src/spec-problems/parse-yaml-with-positions.ts';
import type { SpecProblem } from '../../../src/spec-problems/spec-problem.ts';
import type { YamlPath } from '../../../src/spec-problems/yaml-path.ts';

/** The formats the validators check (ajv-formats, which has OpenAPI's `int64`, `binary`, … too). */
const knownFormats = Object.keys(fullFormats);
const dataKeywords = new Set(['example', 'examples', 'default', 'const', 'enum']);

export function schemaKeywordProblems(parsed: YamlWithPositions): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const visit = (value: unknown, path: YamlPath) => {
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, [...path, index]));
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, key];
      if (key === 'pattern' && typeof child === 'string') {
        const problem = patternProblem(child);
        if (problem) problems.push(yamlProblem(parsed, at, 'value', problem));
      } else if (key === 'format' && typeof child === 'string' && !knownFormats.includes(child)) {
        const hint = didYouMean(suggestionList(child, knownFormats));
        problems.push(yamlProblem(parsed, at, 'value', `unknown format '${child}'.${hint}`));
      } else if (!dataKeywords.has(key)) visit(child, at);
    }
  };
  visit(parsed.value, []);
  return problems;
}

/** Why `pattern` is not a regular expression as the validators compile it (Unicode mode), or null. */
function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (error) {
    return `pattern '${pattern}' is not a regular expression: ${(error as Error).message}`;
  }
}
