// generated/codegen-inputs.json: the hash of every input of this run (src/composition/codegen-inputs.js),
// so the service can tell at start whether its generated code is older than the specs
// (docs/code-generation.md#never-stale). A generated file like the others: `--check` reports it
// stale after a spec edit, and the service bundle embeds it with the code it describes.
import path from 'node:path';
import { codegenInputHashes, codegenInputsManifest } from '../../src/composition/codegen-inputs.js';
import { json, type GeneratedFile } from './shared/generated-file.ts';

/** The checkout this codegen runs from: its migrations are the ones the database generator applies. */
const repo = path.resolve(import.meta.dirname, '../..');

export function renderCodegenInputs(specRoot: string): GeneratedFile {
  return {
    path: codegenInputsManifest,
    contents: json({
      '@generated': 'by scripts/codegen.ts from the specs and migrations — do not edit; run `npm run codegen`',
      inputs: codegenInputHashes(specRoot, repo),
    }),
  };
}
