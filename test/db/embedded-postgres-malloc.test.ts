// The embedded PostgreSQL's processes start with glibc's MALLOC_TOP_PAD_
// (src/db/embedded-postgres-malloc.ts), which this process's environment does not keep
// (the scoping itself: test/config/child-environment.test.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { embeddedPostgresMalloc } from '../../src/db/embedded-postgres-malloc.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

const name = 'MALLOC_TOP_PAD_';

/**
 * The environment the server of `url` was started with: its postmaster's, from /proc (the parent
 * of a backend; a backend overwrites its own copy with its process title, and inherits the
 * postmaster's malloc settings as it is forked).
 */
async function serverEnvironment(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // /proc/<pid>/stat: pid, (command), state, then the parent's pid.
    const postmaster = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
    const entries = readFileSync(`/proc/${postmaster}/environ`, 'utf8').split('\0').filter(Boolean);
    return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
  } finally {
    await client.end();
  }
}

test('the embedded server starts with it; this process does not keep it', async () => {
  delete process.env[name];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-malloc-test-'));
  const server = await startEmbeddedPostgres({ dataDir, password: 'embedded-malloc-test', port: 0 });
  try {
    const environment = await serverEnvironment(server.url);
    assert.is(environment.get(name), embeddedPostgresMalloc[name]);
    assert.is(environment.get(name), '8388608');
    assert.is(process.env[name], undefined);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
