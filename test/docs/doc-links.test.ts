// Every link in the README and docs/ resolves inside the repository: the target file exists
// and, for `page.md#anchor`, the page has a heading with that anchor (GitHub's slugs). A clone
// must explain itself, so no link may lead out of it except to a web address.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(path.join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));
}

function linksOf(page: string): string[] {
  const text = readFileSync(path.join(root, page), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

test('every relative link of the README and docs/ names a file of the repository, and an anchor of that page', () => {
  const broken: string[] = [];
  for (const page of pages) {
    for (const link of linksOf(page)) {
      if (/^(https?:|mailto:)/.test(link)) continue;
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const file = target === '' ? page : path.normalize(path.join(path.dirname(page), target));
      if (file.startsWith('..') || !existsSync(path.join(root, file))) {
        broken.push(`${page}: ${link} (no such file in the repository)`);
        continue;
      }
      if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
        broken.push(`${page}: ${link} (no heading #${anchor} in ${file})`);
    }
  }
  assert.equal(broken, []);
});

test('no page points outside the repository by a bare path such as ../shared', () => {
  const outside = pages.filter((page) => /\.\.\/shared|DESIGN\.md/.test(readFileSync(path.join(root, page), 'utf8')));
  assert.equal(outside, []);
});

test.run();
