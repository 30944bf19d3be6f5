// What `npm start` runs (docs/service.md#start-up): generated code checked against its specs
// (regenerated first outside production, docs/code-generation.md#never-stale), then src/main.ts from the service bundle,
// plain JavaScript built by esbuild, rebuilt first whenever a source, a package or the Node
// version changed since it was built, so a stale bundle never runs. Stack traces are mapped
// back to src/. Tools and most tests run src/main.ts itself; test/composition/main-process.test.ts
// runs this. Plain JavaScript, as is all that loads before the bundle: see
// service-bundle/source-fingerprint.js.
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshServiceBundle } from './service-bundle/fresh-service-bundle.js';
import { regenerateIfStale } from './service-bundle/regenerate-if-stale.js';

// Before the bundle loads: a restart reuses the compiled code of its modules.
enableCompileCache();
const repo = path.resolve(import.meta.dirname, '..');
const write = (/** @type {string} */ text) => process.stderr.write(text);
if (!regenerateIfStale(repo, { production: process.env.NODE_ENV === 'production', write })) process.exit(1);
const started = performance.now();
/** @type {string} */
let entry;
try {
  const bundle = await freshServiceBundle(repo);
  if (bundle.built) {
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`built the service bundle ${path.relative(repo, bundle.main)} in ${ms} ms\n`);
  }
  entry = bundle.main;
} catch (error) {
  // esbuild is a development dependency: an install without them (npm ci --omit=dev) still
  // starts, from the sources, only slower (docs/service.md#start-up).
  if (!esbuildMissing(error)) throw error;
  process.stderr.write(
    'esbuild is not installed, so the service starts from src/main.ts without its bundle (slower)\n',
  );
  entry = path.join(repo, 'src/main.ts');
}
// Before the bundle loads too: Node reads a module's source map when it loads the module.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);

/** @param {unknown} error */
function esbuildMissing(error) {
  const { code, message } = /** @type {{ code?: unknown, message?: unknown }} */ (error ?? {});
  return code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes("'esbuild'");
}
