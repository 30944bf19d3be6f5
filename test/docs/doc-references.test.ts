// What the docs name exists, and what names the docs resolves: every path of src/, test/,
// scripts/ or bench/ (and generated/, sdk/, docs/) that the README or a page of docs/ mentions
// is a file or folder of the repository, and every `docs/<page>.md#<anchor>` written in a
// comment, a spec, a script or a page is a page with a heading of that anchor. Paths with a
// placeholder (`src/domain/<area>/`, `test/**/*.test.ts`) are patterns, not paths, and are skipped.
// And a code symbol a page places in a file (`writeAuditEntry` (`src/records/audit/…ts`), or
// `journalWalletTransfers` in `src/…ts`) is a name that file holds, so a rename or a move that
// leaves the docs behind fails here; the dated log (benchmarks-log.md) keeps its history as written.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anchorsOf, pages, root } from './markdown-pages.ts';

const pathPattern = /(?<![\w./@-])((?:src|test|scripts|bench|generated|sdk|docs)\/[\w./<>*{}-]*)/g;

test('every repository path the README and docs/ mention exists', () => {
  const missing: string[] = [];
  for (const page of pages) {
    readFileSync(path.join(root, page), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(pathPattern)) {
          const named = match[1]!.replace(/[.,:;]+$/, '');
          if (/[<>*{}]/.test(named)) continue;
          if (!existsSync(path.join(root, named))) missing.push(`${page}:${index + 1}: ${named}`);
        }
      });
  }
  assert.equal(missing, []);
});

/** Where code, specs and scripts cite docs/: everything written by hand (frozen corpora and goldens are data). */
const citing = ['src', 'scripts', 'bench', 'test', 'generated', 'sdk/src', 'docs', '.ci'];
const citingFiles = [
  'README.md',
  'eslint.config.js',
  'codegen.yml',
  '.prettierignore',
  'package.json',
  'openapi.yaml',
  'schema.graphql',
  'permissions.yaml',
  'sdk/README.md',
];
const skipped = /(^|\/)(golden|fixtures|corpus|node_modules)(\/|$)/;

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .filter((file) => !skipped.test(file) && statSync(path.join(root, file)).isFile());
}

test('every docs/<page>.md#<anchor> cited in the repository names a page and one of its headings', () => {
  const broken: string[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const file of [...citingFiles, ...citing.flatMap(filesUnder)]) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/(?<![\w/.-])docs\/([\w/-]+\.md)(?:#([\w-]+))?/g)) {
      const page = `docs/${match[1]}`;
      if (!existsSync(path.join(root, page))) {
        broken.push(`${file}: ${match[0]} (no such page)`);
        continue;
      }
      const anchor = match[2];
      if (!anchor) continue;
      if (!anchors.has(page)) anchors.set(page, anchorsOf(page));
      if (!anchors.get(page)!.has(anchor)) broken.push(`${file}: ${match[0]} (no heading #${anchor} in ${page})`);
    }
  }
  assert.equal(broken, []);
});

const codeSymbol = '`([a-z_$][\\w$]*[A-Z][\\w$]*|[A-Z][a-z]+[A-Z][\\w$]*)(?:\\(\\))?`';
const sourcePath = '`((?:src|scripts|test|bench|generated|sdk)/[^`*<>{}]+?\\.(?:ts|js))`';
/** `symbol` (`file`, `file`, …) and `symbol` in|from|of `file`: a camelCase or PascalCase name placed in files. */
const placedSymbol = [
  new RegExp(`${codeSymbol},?\\s*\\(([^)]*)\\)`, 'g'),
  new RegExp(`${codeSymbol}\\s+(?:in|from|of)\\s+(${sourcePath})`, 'g'),
];
const holdsName = (file: string, name: string) =>
  existsSync(path.join(root, file)) &&
  new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(readFileSync(path.join(root, file), 'utf8'));

test('every code symbol a page places in a file is a name that file holds', () => {
  const missing: string[] = [];
  let checked = 0;
  for (const page of pages.filter((page) => !page.endsWith('-log.md'))) {
    const text = readFileSync(path.join(root, page), 'utf8');
    for (const pattern of placedSymbol)
      for (const match of text.matchAll(pattern)) {
        const files = [...match[2]!.matchAll(new RegExp(sourcePath, 'g'))].map((found) => found[1]!);
        if (files.length === 0) continue;
        checked += 1;
        const name = match[1]!;
        if (!files.some((file) => holdsName(file, name)))
          missing.push(
            `${page}:${text.slice(0, match.index).split('\n').length}: \`${name}\` is in none of ${files.join(', ')}`,
          );
      }
  }
  assert.equal(missing, []);
  assert.ok(checked >= 20, `the patterns still find the docs' placed symbols (${checked})`);
});

test.run();
