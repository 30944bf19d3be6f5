// Parses a YAML spec keeping every node's source position (yaml's Document API and a
// LineCounter), so each problem found later can name its line and column; a syntax error is
// itself a problem at its place, naming the file.
import { LineCounter, parseDocument, type Document } from 'yaml';
import { specProblem, type SpecProblem } from './spec-problem.ts';

export interface YamlWithPositions {
  readonly fileName: string;
  readonly document: Document.Parsed;
  readonly lineCounter: LineCounter;
  /** The plain data (anchors and aliases resolved). */
  readonly value: unknown;
}

export type YamlParseResult =
  | { readonly ok: true; readonly parsed: YamlWithPositions }
  | { readonly ok: false; readonly problems: readonly SpecProblem[] };

export function parseYamlWithPositions(yamlText: string, fileName: string): YamlParseResult {
  const lineCounter = new LineCounter();
  // prettyErrors off: the message is printed as `file:line:col: message`, without yaml's excerpt.
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [first, ...rest] = document.errors;
  if (first) {
    // After a syntax error the parser reports nearly every later token too; the first error
    // is the one to fix, and the rest would mislead.
    const { line, col } = lineCounter.linePos(first.pos[0]);
    const message = first.message.split('\n')[0] ?? first.message;
    const more = rest.length > 0 ? ` (${rest.length} further YAML error${rest.length === 1 ? '' : 's'} not shown)` : '';
    return { ok: false, problems: [specProblem(fileName, line, col, `invalid YAML: ${message}${more}`)] };
  }
  return { ok: true, parsed: { fileName, document, lineCounter, value: document.toJS() } };
}
