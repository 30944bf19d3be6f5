// An esbuild plugin for the service bundle (docs/service.md#start-up): our modules find
// files relative to themselves (`new URL('../../schema.graphql', import.meta.url)`, templates,
// generated/ pages, createRequire), and in the bundle `import.meta` is the bundle's. Each
// `import.meta.url`, `.dirname` and `.filename` in our own sources is rewritten to the module's
// original location, expressed relative to the bundle's, so the bundle keeps working when the
// checkout moves.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** Helpers the rewritten expressions use; the bundle's banner imports them into every chunk. */
export const ownLocationBanner =
  "import { fileURLToPath as __ownFileUrlToPath } from 'node:url'; import { dirname as __ownDirname } from 'node:path';";

export function ownLocationPlugin(outdir: string): Plugin {
  return {
    name: 'own-location',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
        const text = await readFile(file, 'utf8');
        if (file.includes(`${path.sep}node_modules${path.sep}`) || !text.includes('import.meta.'))
          return { contents: text, loader: 'ts' };
        const url = `new URL(${JSON.stringify(path.relative(outdir, file).split(path.sep).join('/'))}, import.meta.url)`;
        const contents = text
          .replaceAll('import.meta.url', `${url}.href`)
          .replaceAll('import.meta.dirname', `__ownDirname(__ownFileUrlToPath(${url}))`)
          .replaceAll('import.meta.filename', `__ownFileUrlToPath(${url})`);
        return { contents, loader: 'ts' };
      });
    },
  };
}
