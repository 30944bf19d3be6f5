// A problem found in the parsed YAML, addressed by its path in the document rather than by
// position: checks run on plain data, and src/spec-problems/locate-yaml-node.ts turns the path
// into a line and column only when the message is printed.
import type { YamlPath } from '../../../src/spec-problems/yaml-path.ts';

export type { YamlPath };

export interface ValidationIssue {
  readonly path: YamlPath;
  /** Point at the mapping key (a misspelt name) or at the value (a bad value). */
  readonly at: 'key' | 'value';
  readonly message: string;
}

export function issue(path: YamlPath, at: 'key' | 'value', message: string): ValidationIssue {
  return { path, at, message };
}

/** `tables.digital_wallet.select.organization_admin.columns[2]` — for messages. */
export function describePath(path: YamlPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number' || /^\d+$/.test(segment)) text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text === '' ? 'the document' : text;
}
