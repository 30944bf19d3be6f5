// The repository's openapi.yaml as the API explorer serves it (docs/api-explorer.md#what-is-served):
// the file's own bytes at /openapi.yaml, the same document as JSON at /openapi.json, and the
// title the reference page shows. Read once, on first use.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { type StaticBody, staticBody } from './static-body.ts';

/** RFC 9512 registers `application/yaml`. */
export const yamlContentType = 'application/yaml';
export const jsonContentType = 'application/json; charset=utf-8';

export interface OpenapiDocument {
  readonly yaml: StaticBody;
  readonly json: StaticBody;
  /** `info.title`, for the reference page's <title>. */
  readonly title: string;
}

const specFile = new URL('../../openapi.yaml', import.meta.url);

export async function readOpenapiDocument(file: URL = specFile): Promise<OpenapiDocument> {
  const bytes = await readFile(file);
  const document = parse(bytes.toString('utf8')) as { info?: { title?: unknown } };
  const title = typeof document.info?.title === 'string' ? document.info.title : 'API reference';
  return {
    yaml: staticBody(bytes, yamlContentType),
    json: staticBody(Buffer.from(JSON.stringify(document)), jsonContentType),
    title,
  };
}
