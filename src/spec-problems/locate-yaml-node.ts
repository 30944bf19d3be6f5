// Turns a path in the parsed data (yaml-path.ts) back into a source position. When the path goes further
// than the document (a missing property), the deepest node that exists is used. An alias
// is reported where it is used, and followed to its anchor only to go deeper.
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import type { YamlWithPositions } from './parse-yaml-with-positions.ts';
import { specProblem, type SpecProblem } from './spec-problem.ts';
import type { YamlPath } from './yaml-path.ts';

export interface SourcePosition {
  readonly line: number;
  readonly col: number;
}

function resolve(document: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(document) : node;
}

function offsetOf(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0];
}

export function locateYamlNode(
  document: Document,
  lineCounter: LineCounter,
  path: YamlPath,
  at: 'key' | 'value',
): SourcePosition {
  let node: unknown = document.contents;
  let offset = offsetOf(node) ?? 0;
  for (let index = 0; index < path.length; index++) {
    const segment = path[index];
    const last = index === path.length - 1;
    node = resolve(document, node);
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const keyOffset = offsetOf(pair.key);
      const valueOffset = offsetOf(pair.value);
      offset = (last && at === 'key' ? keyOffset : (valueOffset ?? keyOffset)) ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined) break;
      offset = offsetOf(item) ?? offset;
      node = item;
    } else {
      break;
    }
  }
  const { line, col } = lineCounter.linePos(offset);
  return { line, col };
}

/** A problem at the node `path` names in a parsed YAML spec (the key or its value). */
export function yamlProblem(
  parsed: YamlWithPositions,
  path: YamlPath,
  at: 'key' | 'value',
  message: string,
): SpecProblem {
  const { line, col } = locateYamlNode(parsed.document, parsed.lineCounter, path, at);
  return specProblem(parsed.fileName, line, col, message);
}
