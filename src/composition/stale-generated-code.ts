// The service refuses to start on generated code older than its specs (docs/code-generation.md#never-stale):
// the hashes codegen recorded (generated/codegen-inputs.json, compiled into the service and its
// bundle) against the files as they are now. `npm start` regenerates first outside production
// (scripts/start-from-bundle.js), so this refusal is met in production, or by a start that skips
// the launcher (`node src/main.ts`, the tests), where generating again cannot change code already
// loaded.
import path from 'node:path';
import manifest from '../../generated/codegen-inputs.json' with { type: 'json' };
import { changedCodegenInputs, codegenInputHashes, staleGeneratedCodeMessage } from './codegen-inputs.js';

const repo = path.resolve(import.meta.dirname, '../..');

/** The hashes of the specs and migrations the running code was generated from. */
export const servedCodegenInputs: Readonly<Record<string, string>> = manifest.inputs;

export function staleGeneratedCodeProblem(): string | undefined {
  const changed = changedCodegenInputs(servedCodegenInputs, codegenInputHashes(repo));
  return changed.length > 0 ? staleGeneratedCodeMessage(changed) : undefined;
}
