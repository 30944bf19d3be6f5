// Parses permissions.yaml keeping every node's source position (yaml's Document API plus a
// LineCounter), so each error can name the exact line and column.
import { LineCounter, parseDocument, type Document } from 'yaml';

export interface ParsedPermissionsYaml {
  readonly document: Document.Parsed;
  readonly lineCounter: LineCounter;
  /** The plain data (anchors and aliases resolved). */
  readonly value: unknown;
}

export type ParseResult =
  | { readonly ok: true; readonly parsed: ParsedPermissionsYaml }
  | { readonly ok: false; readonly errors: readonly string[] };

export function parsePermissionsYaml(yamlText: string, fileName: string): ParseResult {
  const lineCounter = new LineCounter();
  // prettyErrors off: we print our own `file:line:col: message` and want yaml's bare message.
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [first, ...rest] = document.errors;
  if (first) {
    // After a syntax error the parser reports nearly every later token too; the first
    // error is the one to fix.
    const { line, col } = lineCounter.linePos(first.pos[0]);
    const message = first.message.split('\n')[0] ?? first.message;
    const more = rest.length > 0 ? ` (${rest.length} further YAML error${rest.length === 1 ? '' : 's'} not shown)` : '';
    return { ok: false, errors: [`${fileName}:${line}:${col}: invalid YAML: ${message}${more}`] };
  }
  return { ok: true, parsed: { document, lineCounter, value: document.toJS() } };
}
