// What `npm run codegen` generates from, hashed (docs/code-generation.md#never-stale): the three
// specs, the files that configure their generators and the migrations. Codegen records the hashes
// in generated/codegen-inputs.json; at start the launcher (scripts/start-from-bundle.js) and the
// service (stale-generated-code.ts) hash the files again, and a difference means the generated
// code is older than its sources. Plain JavaScript, as is all the launcher loads before the bundle
// (scripts/service-bundle/source-fingerprint.js); it takes the checkout's root as an argument
// instead of using import.meta, which the bundle would rewrite only in TypeScript.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The specs and their generators' configuration, relative to the checkout's root. */
export const codegenSpecFiles = [
  'codegen.yml',
  'openapi.yaml',
  'permissions.schema.json',
  'permissions.yaml',
  'schema.graphql',
];
export const migrationsFolder = 'src/db/migrations';
export const codegenInputsManifest = 'generated/codegen-inputs.json';

/**
 * @param {string} specRoot where the specs are
 * @param {string} [migrationsRoot] where src/db/migrations is (codegen run on a copy of the specs
 *   still migrates with its own checkout's migrations)
 * @returns {Record<string, string>} file → sha256 (hex), sorted by file; `absent` for a missing spec
 */
export function codegenInputHashes(specRoot, migrationsRoot = specRoot) {
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const file of codegenSpecFiles) hashes[file] = hashOf(path.join(specRoot, file));
  const migrations = readdirSync(path.join(migrationsRoot, migrationsFolder)).sort();
  for (const name of migrations)
    hashes[`${migrationsFolder}/${name}`] = hashOf(path.join(migrationsRoot, migrationsFolder, name));
  return hashes;
}

/**
 * The inputs whose hash differs from the recorded one, or that were added or removed since.
 * @param {Record<string, string>} recorded
 * @param {Record<string, string>} current
 * @returns {string[]}
 */
export function changedCodegenInputs(recorded, current) {
  const files = new Set([...Object.keys(recorded), ...Object.keys(current)]);
  return [...files].filter((file) => recorded[file] !== current[file]).sort();
}

/**
 * The recorded hashes as the checkout's generated/ holds them now; `{}` when there are none.
 * @param {string} repo
 * @returns {Record<string, string>}
 */
export function recordedCodegenInputs(repo) {
  try {
    return JSON.parse(readFileSync(path.join(repo, codegenInputsManifest), 'utf8')).inputs ?? {};
  } catch {
    return {};
  }
}

/**
 * What to tell whoever starts a service whose generated code is older than these inputs.
 * @param {readonly string[]} changed
 */
export function staleGeneratedCodeMessage(changed) {
  return `the generated code is older than its sources: ${changed.join(', ')} changed since the last \`npm run codegen\` (${codegenInputsManifest}); run \`npm run codegen\`, then start again`;
}

/** @param {string} file */
function hashOf(file) {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'absent';
  }
}
