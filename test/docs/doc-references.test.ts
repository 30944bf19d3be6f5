// What the docs name exists, and what names the docs resolves: every path of src/, test/,
// scripts/ or bench/ (and generated/, sdk/, docs/) that the README or a page of docs/ mentions
// is a file or folder of the repository, and every `docs/<page>.md#<anchor>` written in a
// comment, a spec, a script or a page is a page with a heading of that anchor. Paths with a
// placeholder (`src/domain/<area>/`, `test/**/*.test.ts`) are patterns, not paths, and are skipped.
// And a code symbol a page places in a file (`writeAuditEntry` (`src/records/audit/…ts`), or
// `journalWalletTransfers` in `src/…ts`) is a name that file holds, so a rename or a move that
// leaves the docs behind fails here; the dated log (benchmarks-log.md) keeps its history as written.
// And every code symbol a page names at all (a camelCase or PascalCase name in backticks) is a name
// the repository's code or specs hold, but for a short list of other projects' names.
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

/** Where the repository's own names are: its code, generated code, the SDK and the specs. */
const nameSources = ['src', 'scripts', 'test', 'bench', 'generated', 'sdk/src', 'sdk/data-layer'];
const nameFiles = [
  'openapi.yaml',
  'schema.graphql',
  'permissions.yaml',
  'package.json',
  'eslint.config.js',
  'codegen.yml',
];
/** Names the docs give that belong to other projects, or stand for a name the reader picks. */
const othersNames = new Map([
  ['getCoinSummary', "adding-an-endpoint.md's worked example, a route the specs do not have"],
  ['createX', 'a placeholder for any factory'],
  ['isAggAllowed', "Hasura's"],
  ['_PLACEHOLDER', "Hasura's"],
  ['headerTemplate', "puppeteer's"],
  ['footerTemplate', "puppeteer's"],
  ['execSync', "Node's"],
  ['reusePort', "Node's, a `listen` option"],
  ['rulesToQuery', "CASL's, gone in CASL 7"],
  ['patternProperties', 'a JSON Schema keyword'],
  ['prefixItems', 'a JSON Schema keyword'],
]);

/** Every identifier of the code and the specs (corpora and fixtures included: their generators are code). */
function repositoryNames(): Set<string> {
  const names = new Set<string>();
  const code = (folder: string) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
      .filter((file) => !file.includes('node_modules/') && /\.(ts|js|graphql|yaml|hbs)$/.test(file));
  for (const file of [...nameFiles, ...nameSources.flatMap(code)])
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) names.add(match[0]);
  return names;
}

test("every code symbol a page names is a name of the repository (or listed as another project's)", () => {
  const names = repositoryNames();
  const missing: string[] = [];
  let checked = 0;
  for (const page of pages.filter((page) => !page.endsWith('-log.md')))
    readFileSync(path.join(root, page), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(new RegExp(codeSymbol, 'g'))) {
          checked += 1;
          const name = match[1]!;
          if (!names.has(name) && !othersNames.has(name))
            missing.push(`${page}:${index + 1}: \`${name}\` is no name of the code or the specs`);
        }
      });
  assert.equal(missing, []);
  assert.ok(checked >= 1000, `the pattern still finds the docs' symbols (${checked})`);
  const unused = [...othersNames.keys()].filter((name) =>
    pages.every((page) => !readFileSync(path.join(root, page), 'utf8').includes(`\`${name}`)),
  );
  assert.equal(unused, [], "names listed as other projects' that no page names any more");
});

test.run();
