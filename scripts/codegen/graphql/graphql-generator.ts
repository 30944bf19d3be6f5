// Resolver types from schema.graphql through @graphql-codegen/cli, configured by codegen.yml.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { parse } from 'yaml';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';

export async function generateFromGraphqlSchema(root: string): Promise<GeneratedFile[]> {
  const config = parse(readFileSync(path.join(root, 'codegen.yml'), 'utf8'));
  // Plugins load from this repository's node_modules even when `root` is a copy elsewhere.
  const pluginLoader = (name: string) => import(name);
  const outputs = await generate({ ...config, cwd: root, silent: true, verbose: false, pluginLoader }, false);
  return outputs.map((output: { filename: string; content: string }) => ({
    path: path.relative(root, path.resolve(root, output.filename)).split(path.sep).join('/'),
    contents: `${tsBanner('@graphql-codegen/cli (codegen.yml)', 'schema.graphql')}${output.content.endsWith('\n') ? output.content : `${output.content}\n`}`,
  }));
}
