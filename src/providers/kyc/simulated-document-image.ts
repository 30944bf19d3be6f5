// The image the KYC simulator serves for a document (docs/identity.md#kyc-document-links): a PNG
// that looks like an identity card with no real data in it: a coloured header, a photo silhouette,
// grey bars for the text and a machine-readable-zone band. Everything derives from the document id,
// so the same id always gives the same bytes and different ids look different.
import { createHash } from 'node:crypto';
import { encodePng, type RgbImage } from './encode-png.ts';

export const simulatedDocumentSize = { width: 320, height: 200 } as const;

type Rgb = readonly [number, number, number];

const paper: Rgb = [248, 250, 252];
const frame: Rgb = [203, 213, 225];
const photoBackground: Rgb = [226, 232, 240];
const silhouette: Rgb = [148, 163, 184];
const labelBar: Rgb = [203, 213, 225];
const valueBar: Rgb = [100, 116, 139];
const mrzInk: Rgb = [71, 85, 105];
const white: Rgb = [255, 255, 255];

export function simulatedDocumentPng(documentId: string): Buffer {
  const seed = createHash('sha256').update(`kyc-simulator-document:${documentId}`, 'utf8').digest();
  const canvas = createCanvas(simulatedDocumentSize.width, simulatedDocumentSize.height, paper);
  const { width, height } = canvas;
  const accent = hslToRgb((seed[0]! / 255) * 360, 0.55, 0.42);

  canvas.fillRect(0, 0, width, height, frame);
  canvas.fillRect(2, 2, width - 4, height - 4, paper);
  canvas.fillRect(2, 2, width - 4, 34, accent);
  canvas.fillRect(14, 13, 120 + (seed[1]! % 60), 10, white);

  canvas.fillRect(16, 50, 80, 104, photoBackground);
  canvas.fillEllipse(56, 150, 34, 26, silhouette, { top: 50, bottom: 153 });
  canvas.fillEllipse(56, 88, 18, 21, silhouette, { top: 50, bottom: 153 });

  for (let line = 0; line < 5; line += 1) {
    const y = 52 + line * 20;
    canvas.fillRect(112, y, 36 + (seed[2 + line]! % 24), 5, labelBar);
    canvas.fillRect(112, y + 8, 70 + (seed[7 + line]! % 110), 7, valueBar);
  }

  canvas.fillRect(2, 164, width - 4, 34, photoBackground);
  for (let row = 0; row < 2; row += 1) {
    for (let column = 0; column < 36; column += 1) {
      const bit = seed[(12 + row * 5 + (column >> 3)) % seed.length]! >> (column & 7);
      // Most MRZ characters are letters or digits; a filler `<` is drawn as a short stroke.
      const glyphHeight = bit & 1 ? 9 : 3;
      canvas.fillRect(14 + column * 8, 170 + row * 14 + (9 - glyphHeight), 6, glyphHeight, mrzInk);
    }
  }
  return encodePng(canvas);
}

interface Canvas extends RgbImage {
  fillRect(x: number, y: number, w: number, h: number, colour: Rgb): void;
  /** Fills an ellipse, clipped to rows `top` ≤ y < `bottom`. */
  fillEllipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb, clip: { top: number; bottom: number }): void;
}

function createCanvas(width: number, height: number, background: Rgb): Canvas {
  const pixels = new Uint8Array(width * height * 3);
  const put = (x: number, y: number, colour: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    pixels.set(colour, (y * width + x) * 3);
  };
  const canvas: Canvas = {
    width,
    height,
    pixels,
    fillRect(x, y, w, h, colour) {
      for (let row = y; row < y + h; row += 1)
        for (let column = x; column < x + w; column += 1) put(column, row, colour);
    },
    fillEllipse(cx, cy, rx, ry, colour, clip) {
      for (let row = Math.max(cy - ry, clip.top); row <= Math.min(cy + ry, clip.bottom - 1); row += 1) {
        const dy = (row - cy) / ry;
        const half = Math.floor(rx * Math.sqrt(Math.max(0, 1 - dy * dy)));
        for (let column = cx - half; column <= cx + half; column += 1) put(column, row, colour);
      }
    },
  };
  canvas.fillRect(0, 0, width, height, background);
  return canvas;
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const section = hue / 60;
  const second = chroma * (1 - Math.abs((section % 2) - 1));
  const [r, g, b] =
    section < 1
      ? [chroma, second, 0]
      : section < 2
        ? [second, chroma, 0]
        : section < 3
          ? [0, chroma, second]
          : section < 4
            ? [0, second, chroma]
            : section < 5
              ? [second, 0, chroma]
              : [chroma, 0, second];
  const offset = lightness - chroma / 2;
  return [Math.round((r + offset) * 255), Math.round((g + offset) * 255), Math.round((b + offset) * 255)];
}
