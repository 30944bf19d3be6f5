// The SDK runtime's size budget (docs/sdk.md#size): the hand-written runtime as the package ships
// it (sdk/dist/runtime and the client that binds it, sdk/dist/platform-client.js) bundled into one
// module with every export kept, minified by esbuild and gzipped; graphql-ws and the generated
// modules are left out (they are not the runtime). `npm run
// sdk:size` prints it; test/sdk/runtime-size.test.ts holds it to the budget.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const runtimeBudgetBytes = 6 * 1024;

const runtime = path.resolve(import.meta.dirname, '../sdk/dist/runtime');

export interface RuntimeSize {
  files: number;
  minifiedBytes: number;
  gzippedBytes: number;
}

export async function measureRuntimeSize(): Promise<RuntimeSize> {
  const files = readdirSync(runtime)
    .filter((name) => name.endsWith('.js'))
    .sort();
  const entry = [...files.map((name) => `export * from './${name}';`), "export * from '../platform-client.js';"].join(
    '\n',
  );
  const result = await build({
    stdin: { contents: entry, resolveDir: runtime, sourcefile: 'runtime-entry.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    external: ['graphql-ws', '../generated/*', './generated/*'],
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    files: files.length + 1,
    minifiedBytes: code.byteLength,
    gzippedBytes: gzipSync(code, { level: 9 }).byteLength,
  };
}

if (import.meta.main) {
  const size = await measureRuntimeSize();
  console.log(
    `sdk runtime: ${size.files} modules, ${size.minifiedBytes} B minified, ${size.gzippedBytes} B min+gzip ` +
      `(budget ${runtimeBudgetBytes} B)`,
  );
  if (size.gzippedBytes > runtimeBudgetBytes) process.exit(1);
}
