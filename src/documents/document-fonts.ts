// The documents' own fonts (docs/documents.md#fonts): Arimo (the design of Liberation Sans,
// metric-compatible with Arial) and Cousine (Liberation Mono's), from the @fontsource npm
// packages, embedded as data: URLs so an invoice looks the same on every machine whatever
// fonts it has installed, and Chromium needs no file: or remote resource (it blocks both).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface FontFace {
  family: string;
  packageName: string;
  weight: 400 | 700;
  subset: 'latin' | 'latin-ext';
}

/** From @fontsource's own CSS: the code points each subset file covers. */
const unicodeRanges = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
} as const;

export const documentFontFaces: readonly FontFace[] = [
  { family: 'Arimo', packageName: '@fontsource/arimo', weight: 400, subset: 'latin' },
  { family: 'Arimo', packageName: '@fontsource/arimo', weight: 400, subset: 'latin-ext' },
  { family: 'Arimo', packageName: '@fontsource/arimo', weight: 700, subset: 'latin' },
  { family: 'Arimo', packageName: '@fontsource/arimo', weight: 700, subset: 'latin-ext' },
  { family: 'Cousine', packageName: '@fontsource/cousine', weight: 400, subset: 'latin' },
];

/** The npm file of a face: `<package>/files/<name>-<subset>-<weight>-normal.woff2`. */
export function fontFile(face: FontFace): string {
  const name = face.packageName.slice('@fontsource/'.length);
  return fileURLToPath(
    import.meta.resolve(`${face.packageName}/files/${name}-${face.subset}-${face.weight}-normal.woff2`),
  );
}

function fontFaceRule(face: FontFace): string {
  const data = readFileSync(fontFile(face)).toString('base64');
  return [
    '@font-face {',
    `  font-family: "${face.family}";`,
    '  font-style: normal;',
    `  font-weight: ${face.weight};`,
    // `block`: a PDF is printed once the page has loaded; never with a fallback font.
    '  font-display: block;',
    `  src: url(data:font/woff2;base64,${data}) format("woff2");`,
    `  unicode-range: ${unicodeRanges[face.subset]};`,
    '}',
  ].join('\n');
}

/** Every @font-face rule of the documents, read from the packages once per call (call once). */
export function documentFontCss(): string {
  return documentFontFaces.map(fontFaceRule).join('\n');
}
