// File-system errors of the upload path as answers (docs/files.md#storage-errors): a full disk
// or quota is 507, a storage that cannot be written or read is 503 with Retry-After; the
// upload service leaves no stored file behind after either. A disk cannot be filled on
// purpose here, so the storage's put fails with the errno error a full disk gives.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFileUploadStore } from '../../../src/access/files/file-upload-store.ts';
import type { Principal } from '../../../src/access/principal.ts';
import { createDatabase, type Db } from '../../../src/db/create-database.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import type { FileStorage } from '../../../src/domain/files/file-storage.ts';
import { isStoredFileName } from '../../../src/domain/files/stored-file-name.ts';
import { storageFailure } from '../../../src/domain/files/storage-errors.ts';
import { type IncomingFile, createUploadService } from '../../../src/domain/files/upload-service.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { createDirectoryFileStorage } from '../../../src/providers/files/directory-file-storage.ts';
import { type TestDatabase, createTestDatabase } from '../../support/test-database.ts';

const noTargets = { caseId: null, fundId: null, organizationId: null };
let database: TestDatabase;
let db: Db;
let workDir: string;
let admin: Principal;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url }).db;
  const apiKeys = createApiKeyService({ store: createApiKeyStore(db) });
  const { key } = await apiKeys.create({ name: 'storage errors', kind: 'admin', scopes: [] });
  admin = { kind: 'api-key', keyId: key.id, keyKind: 'admin', organizationId: null, scopes: [], ownerUserId: null };
  workDir = mkdtempSync(path.join(tmpdir(), 'platform-storage-errors-'));
});
test.after(async () => {
  await db?.destroy();
  await database?.drop();
  rmSync(workDir, { recursive: true, force: true });
});

function errno(code: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, ${syscall} '/srv/uploads/x'`), {
    code,
    syscall,
    path: '/srv/uploads/x',
  });
}

test('ENOSPC and EDQUOT are 507 storage full; EACCES, EPERM, EROFS, EIO, ENOTDIR are 503 with Retry-After', () => {
  for (const code of ['ENOSPC', 'EDQUOT']) {
    const error = storageFailure(errno(code, 'write'), 'store');
    assert.instance(error, AppError);
    assert.is(error?.code, 'INSUFFICIENT_STORAGE');
    assert.is(error?.httpStatus, 507);
    assert.is(error?.message, 'storage full: no space is left for uploaded files; nothing was stored');
    assert.is(error?.retryAfterSeconds, undefined);
    assert.equal(error?.cause, { code, syscall: 'write', path: '/srv/uploads/x' });
  }
  for (const code of ['EACCES', 'EPERM', 'EROFS', 'EIO', 'ENOTDIR']) {
    const error = storageFailure(errno(code, 'open'), 'store');
    assert.is(error?.code, 'SERVICE_UNAVAILABLE', code);
    assert.is(error?.message, 'storage unavailable: uploaded files cannot be stored right now; nothing was stored');
    assert.is(error?.retryAfterSeconds, 60);
  }
  assert.is(
    storageFailure(errno('EIO', 'read'), 'read')?.message,
    'storage unavailable: the file cannot be read right now',
  );
});

test('EEXIST is a storage problem from mkdir only (a file in the way); other errors are not storage errors', () => {
  assert.is(storageFailure(errno('EEXIST', 'mkdir'), 'store')?.code, 'SERVICE_UNAVAILABLE');
  assert.is(storageFailure(errno('EEXIST', 'link'), 'store'), undefined);
  assert.is(storageFailure(errno('ECONNRESET', 'read'), 'store'), undefined);
  assert.is(storageFailure(new Error('boom'), 'store'), undefined);
  assert.is(storageFailure(Object.assign(new Error('duplicate key'), { code: '23505' }), 'store'), undefined);
});

/** The directory storage, except that the `failAt`-th put fails as a full disk does. */
function storageFailingAt(directory: string, failAt: number, code: string): FileStorage {
  const real = createDirectoryFileStorage(directory, isStoredFileName);
  let puts = 0;
  return {
    ...real,
    async put(name, sourcePath) {
      puts += 1;
      if (puts === failAt) throw errno(code, 'link');
      await real.put(name, sourcePath);
    },
  };
}

function incoming(name: string, bytes: string): IncomingFile {
  const tempPath = path.join(workDir, name);
  writeFileSync(tempPath, bytes);
  return { tempPath, originalName: name, declaredType: 'text/plain', size: bytes.length, sha256: 'ab'.repeat(32) };
}

for (const [code, expected] of [
  ['ENOSPC', 'INSUFFICIENT_STORAGE'],
  ['EACCES', 'SERVICE_UNAVAILABLE'],
] as const) {
  test(`${code} while storing the second of two files: ${expected}, the first file removed again, no row`, async () => {
    const storeDir = mkdtempSync(path.join(workDir, 'store-'));
    const uploads = createUploadService({
      storage: storageFailingAt(storeDir, 2, code),
      store: createFileUploadStore(db),
    });
    const files = [incoming(`a-${code}.txt`, 'first'), incoming(`b-${code}.txt`, 'second')];
    const error = await uploads.upload(admin, files, noTargets, 'req-1').catch((thrown: unknown) => thrown);
    assert.instance(error, AppError);
    assert.is((error as AppError).code, expected);
    assert.equal(readdirSync(storeDir), []);
    const { count } = await db
      .selectFrom('file_upload')
      .select(db.fn.countAll<string>().as('count'))
      .where(
        'original_name',
        'in',
        files.map((file) => file.originalName as string),
      )
      .executeTakeFirstOrThrow();
    assert.is(count, '0');
  });
}

test('a storage that cannot be read answers 503 on download, not 404 or 500', async () => {
  const uploads = createUploadService({
    storage: {
      ...createDirectoryFileStorage(workDir, isStoredFileName),
      open: async () => {
        throw errno('EIO', 'open');
      },
    },
    store: createFileUploadStore(db),
  });
  const [stored] = await createUploadService({
    storage: createDirectoryFileStorage(workDir, isStoredFileName),
    store: createFileUploadStore(db),
  }).upload(admin, [incoming('readable.txt', 'bytes')], noTargets, 'req-2');
  const error = await uploads.download(admin, stored?.name ?? '').catch((thrown: unknown) => thrown);
  assert.is((error as AppError).code, 'SERVICE_UNAVAILABLE');
  assert.is((error as AppError).message, 'storage unavailable: the file cannot be read right now');
});

test.run();
