// A place in parsed YAML named by its path in the data (`['paths', '/healthz', 'get']`) rather
// than by position: checks run on plain data, and locate-yaml-node.ts turns the path into a line
// and column only when the problem is reported.
export type YamlPath = readonly (string | number)[];

/** `#/paths/~1healthz/get` (a JSON pointer, as in a `$ref`) → its path. */
export function pointerToPath(pointer: string): YamlPath {
  const body = pointer.replace(/^#?\/?/, '');
  if (body === '') return [];
  return body.split('/').map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
}
