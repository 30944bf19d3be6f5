// The service bundle is built without esbuild's keepNames (docs/service.md#start-up): a name that
// collides in the bundle gets a numeric suffix, and nothing writes the source's name back onto the
// function or class at run time. Stack traces still name the source (Node maps names through the
// source map), but an error's `constructor.name` is what a log line calls its `type`: no class of
// src/ may be renamed. One that collides is renamed in src/, rather than keepNames turned back on.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildServiceBundle } from '../../scripts/service-bundle/build-service-bundle.ts';
import { bundledSourceFolders } from '../../scripts/service-bundle/source-fingerprint.js';

const repo = path.resolve(import.meta.dirname, '../..');
const classDeclaration = /\bclass ([A-Za-z_$][\w$]*)(?=\s*(?:extends\b|\{))|\b([A-Za-z_$][\w$]*)=class\b/g;

const declaredClasses = new Map<string, Set<string>>();

/** The classes a source file declares, by its own text; each file read once. */
function classNamesIn(file: string): Set<string> {
  let names = declaredClasses.get(file);
  if (!names) {
    const text = readFileSync(file, 'utf8');
    const pattern = /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/gm;
    names = new Set([...text.matchAll(pattern)].map((match) => match[1]!));
    declaredClasses.set(file, names);
  }
  return names;
}

/** Each class the bundle declares from a file of src/: its name there and in the source. */
function srcClassesOf(outdir: string): { generated: string; source: string; declared: Set<string> }[] {
  const found = [];
  for (const name of readdirSync(outdir).filter((file) => file.endsWith('.js'))) {
    const code = readFileSync(path.join(outdir, name), 'utf8');
    const map = new SourceMap(JSON.parse(readFileSync(path.join(outdir, `${name}.map`), 'utf8')));
    const lineStarts = [0, ...[...code.matchAll(/\n/g)].map((match) => match.index + 1)];
    for (const match of code.matchAll(classDeclaration)) {
      const generated = (match[1] ?? match[2])!;
      const offset = match.index + match[0].indexOf(generated);
      const line = lineStarts.findLastIndex((start) => start <= offset);
      const entry = map.findEntry(line, offset - lineStarts[line]!);
      if (!('originalSource' in entry)) continue;
      const source = entry.originalSource.startsWith('file:')
        ? fileURLToPath(entry.originalSource)
        : path.resolve(outdir, entry.originalSource);
      if (!source.startsWith(path.join(repo, 'src') + path.sep)) continue;
      found.push({ generated, source: path.relative(repo, source), declared: classNamesIn(source) });
    }
  }
  return found;
}

test('no class of src/ is renamed in the service bundle', async () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'service-bundle-names-'));
  try {
    await buildServiceBundle(repo, outdir, bundledSourceFolders);
    const classes = srcClassesOf(outdir);
    const renamed = classes.filter(({ generated, declared }) => !declared.has(generated));
    assert.equal(
      renamed.map(({ generated, source }) => `${generated} (${source})`),
      [],
    );
    // The oracle sees src/'s classes: the error class of every answered failure is among them.
    assert.ok(
      classes.some(({ generated, source }) => generated === 'AppError' && source === 'src/errors/app-error.ts'),
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test.run();
