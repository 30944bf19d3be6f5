// Where the installed icon packages keep their SVGs (docs/assets.md): the public asset routes
// (src/domain/assets) and the coin icons inlined into documents (src/documents) read the same
// folders. A neutral module on the bottom floor, so neither room reaches into the other
// (docs/architecture.md#layers). Found through Node's resolver, never a guessed path.
import { createRequire } from 'node:module';
import path from 'node:path';

export interface AssetFolders {
  /** cryptocurrency-icons `svg/color`: one `<symbol>.svg` per coin. */
  readonly coins: string;
  /** flag-icons `flags/4x3`: one `<code>.svg` per country. */
  readonly flags: string;
}

export function packageAssetFolders(): AssetFolders {
  const require = createRequire(import.meta.url);
  const root = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
  return {
    coins: path.join(root('cryptocurrency-icons'), 'svg', 'color'),
    flags: path.join(root('flag-icons'), 'flags', '4x3'),
  };
}
