// Every link in the README and docs/ resolves inside the repository: the target file exists
// and, for `page.md#anchor`, the page has a heading with that anchor (GitHub's slugs). A clone
// must explain itself, so no link may lead out of it except to a web address.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anchorsOf, pages, prose, root } from './markdown-pages.ts';

function linksOf(page: string): string[] {
  const text = prose(page).replace(/`[^`\n]*`/g, '');
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
