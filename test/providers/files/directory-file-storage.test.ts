// The directory file storage (docs/files.md#storage): it refuses every name that is not a stored
// name, whatever the caller passes, stores without replacing, and opens, finds and removes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isStoredFileName } from '../../../src/domain/files/stored-file-name.ts';
import { createDirectoryFileStorage } from '../../../src/providers/files/directory-file-storage.ts';

const rejects = async (promise: Promise<unknown>, message: RegExp) => {
  try {
    await promise;
  } catch (error) {
    assert.match((error as Error).message, message);
    return;
  }
  assert.unreachable('expected a rejection');
};

test('the directory storage refuses every name that is not a stored-file name', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'platform-test-storage-'));
  try {
    const storage = createDirectoryFileStorage(directory, isStoredFileName);
    const source = path.join(directory, 'source');
    writeFileSync(source, 'bytes');
    for (const name of ['../escape', 'passwd', '.incoming', '0b5e1c52-9a8f-4f55-8d1e-1d2f0e3c4b5a/../../x']) {
      await rejects(storage.put(name, source), /refusing/);
      await rejects(storage.open(name), /refusing/);
      await rejects(storage.remove(name), /refusing/);
    }
    const name = '0b5e1c52-9a8f-4f55-8d1e-1d2f0e3c4b5a.txt';
    await storage.put(name, source);
    await rejects(storage.put(name, source), /EEXIST/);
    assert.ok(await storage.exists(name));
    const content = await storage.open(name);
    assert.is(content?.size, 5);
    content?.stream.destroy();
    await storage.remove(name);
    assert.not.ok(await storage.exists(name));
    assert.is(await storage.open(name), null);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test.run();
