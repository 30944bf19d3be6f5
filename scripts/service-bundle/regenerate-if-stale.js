// `npm start` never serves generated code older than its specs (docs/code-generation.md#never-stale):
// before the bundle is looked for, the inputs of `npm run codegen` are hashed and compared with
// what generated/codegen-inputs.json recorded. In production a difference refuses the start
// (generating belongs to the build, and its tools may not be installed); otherwise codegen runs
// first, loudly, and the bundle is then rebuilt from the fresh generated/ (its fingerprint
// changed). A spec codegen refuses stops the start with codegen's own `file:line:col` lines.
// Plain JavaScript: see source-fingerprint.js.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  changedCodegenInputs,
  codegenInputHashes,
  recordedCodegenInputs,
  staleGeneratedCodeMessage,
} from '../../src/composition/codegen-inputs.js';

/**
 * @param {string} repo the checkout's root
 * @param {{ production: boolean, write: (text: string) => void }} options
 * @returns {boolean} false when the service must not start
 */
export function regenerateIfStale(repo, { production, write }) {
  const changed = changedCodegenInputs(recordedCodegenInputs(repo), codegenInputHashes(repo));
  if (changed.length === 0) return true;
  if (production) {
    write(`refusing to start (NODE_ENV=production): ${staleGeneratedCodeMessage(changed)}\n`);
    return false;
  }
  write(
    `\n*** ${changed.join(', ')} changed since the last \`npm run codegen\`: running it now, before the service starts ***\n\n`,
  );
  const codegen = spawnSync(process.execPath, [path.join(repo, 'scripts/codegen.ts')], {
    cwd: repo,
    // All of codegen's output on stderr: the service's stdout is its log, one JSON object a line.
    stdio: ['ignore', 2, 2],
  });
  if (codegen.status === 0) return true;
  write(
    'the service does not start on generated code older than its specs: fix what `npm run codegen` reported above, then `npm start` again\n',
  );
  return false;
}
