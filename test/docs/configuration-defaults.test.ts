// The defaults docs/configuration.md states are the ones loadConfig applies: for every setting
// whose documented default is a literal (`6000`, `on`, `.data`), setting it to that literal
// changes nothing in the loaded configuration. The oracle is the page, read as text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../src/config/config.ts';
import { root } from './markdown-pages.ts';

const page = 'docs/configuration.md';

interface DocumentedDefault {
  readonly name: string;
  readonly value: string;
  readonly line: number;
}

/** Table rows `| \`NAME\` | \`literal\`…`: the first code span of the default cell, when it names no other setting. */
function documentedDefaults(): DocumentedDefault[] {
  const lines = readFileSync(path.join(root, page), 'utf8').split('\n');
  const found: DocumentedDefault[] = [];
  lines.forEach((text, index) => {
    const row = /^\| `([A-Z][A-Z0-9_]*)` \| `([^`]+)`/.exec(text);
    if (!row || /[A-Z]{2,}/.test(row[2]!)) return;
    found.push({ name: row[1]!, value: row[2]!, line: index + 1 });
  });
  return found;
}

/** Whether loadConfig reads the variable at all: a nonsense value changes the config or is refused. */
function isRead(name: string): boolean {
  try {
    return JSON.stringify(loadConfig({ [name]: 'not-a-value ✗' })) !== JSON.stringify(loadConfig({}));
  } catch {
    return true;
  }
}

test('every literal default on docs/configuration.md is the default loadConfig applies', () => {
  const defaults = documentedDefaults().filter(({ name }) => isRead(name));
  assert.ok(defaults.length >= 25, `found ${defaults.length} documented literal defaults`);
  const unset = JSON.stringify(loadConfig({}));
  const wrong = defaults
    .filter(({ name, value }) => JSON.stringify(loadConfig({ [name]: value })) !== unset)
    .map(({ name, value, line }) => `${page}:${line}: ${name} documented as \`${value}\`, but that is not its default`);
  assert.equal(wrong, []);
});

test('the check finds a wrong default', () => {
  const unset = JSON.stringify(loadConfig({}));
  assert.is.not(JSON.stringify(loadConfig({ API_RATE_LIMIT: '600' })), unset);
});

test.run();
