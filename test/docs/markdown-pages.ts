// The repository's Markdown pages and their heading anchors, shared by the tests of test/docs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** README.md and every page under docs/ (docs/decisions/ included), as paths from the root. */
export const pages: readonly string[] = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name.split(path.sep).join('/')}`)
    .sort(),
];

/** GitHub's heading anchor: lower case, punctuation but `_` and `-` dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The text of a page without its fenced code blocks. */
export function prose(page: string): string {
  return readFileSync(path.join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
}

/** The anchors of a page's headings. */
export function anchorsOf(page: string): Set<string> {
  return new Set([...prose(page).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));
}
