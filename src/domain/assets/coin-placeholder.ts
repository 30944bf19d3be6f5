// The generated icon of a coin without a packaged one (openapi.yaml, getCoinIcon): a circle
// with the symbol's first letters, its colour derived from the symbol so it stays the same
// across requests and nodes.
import { createHash } from 'node:crypto';
import { AppError } from '../../errors/app-error.ts';
import { coinSymbolPattern } from './asset-catalog.ts';

export function coinPlaceholderSvg(symbol: string): string {
  // The pattern is also what keeps the text safe to place in SVG unescaped.
  if (!coinSymbolPattern.test(symbol))
    throw new AppError('VALIDATION_FAILED', 'coin symbol must be 1 to 15 ASCII letters or digits');
  const upper = symbol.toUpperCase();
  const letters = upper.slice(0, 3);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="${upper}">` +
    `<circle cx="16" cy="16" r="16" fill="${placeholderColor(upper)}"/>` +
    `<text x="16" y="16" dy=".35em" text-anchor="middle" fill="#FFFFFF" font-size="${fontSize(letters.length)}" font-weight="600"` +
    ` font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif">${letters}</text>` +
    '</svg>'
  );
}

function fontSize(letterCount: number): number {
  if (letterCount === 1) return 16;
  return letterCount === 2 ? 13 : 10;
}

/** A hue from the symbol's hash; saturation and lightness fixed so white text stays readable. */
export function placeholderColor(symbol: string): string {
  const digest = createHash('sha256').update(symbol.toUpperCase()).digest();
  const hue = digest.readUInt16BE(0) % 360;
  return hslToHex(hue, 0.55, 0.42);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const amplitude = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - amplitude * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase();
}
