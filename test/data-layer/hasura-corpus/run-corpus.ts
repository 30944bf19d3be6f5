// Runs corpus cases (corpus-case.ts) in order against one service on the demo seed, over real
// HTTP. A file of cases is one uvu suite and one database: a case may rely on what the cases
// before it wrote, and says so in its `given` when it needs more.
import { sql } from 'kysely';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestService, type TestService } from '../../support/test-service.ts';
import type { CorpusCase } from './corpus-case.ts';

export function runCorpus(title: string, cases: readonly CorpusCase[], env: Record<string, string> = {}): void {
  const corpus = suite(title);
  let service: TestService;
  corpus.before(async () => {
    service = await startTestService({ SEED: 'demo', ...env }).catch((error) => {
      console.error(error);
      throw error;
    });
  });
  corpus.after(async () => {
    await service?.stop();
  });
  for (const testCase of cases) {
    corpus(`${testCase.name} [${testCase.hasura}]`, async () => {
      await runCase(service, testCase);
    });
  }
  corpus.run();
}

async function runCase(service: TestService, testCase: CorpusCase): Promise<void> {
  for (const statement of testCase.given ?? []) await sql.raw(statement).execute(service.db);
  const response = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...testCase.headers },
    body: JSON.stringify(testCase.batch ?? { query: testCase.query, variables: testCase.variables }),
  });
  const text = await response.text();
  const body = JSON.parse(text);
  const { expect } = testCase;
  if ('data' in expect) {
    assert.is(response.status, 200, text);
    assert.equal(body, { data: expect.data }, text);
  } else if ('error' in expect) {
    assert.is(response.status, expect.status ?? 200, text);
    assert.is(body.data ?? null, null, text);
    assert.is(body.errors?.length, 1, text);
    assert.is(body.errors[0].extensions.code, expect.error.code, text);
    const message: string = body.errors[0].message;
    if (typeof expect.error.message === 'string') assert.is(message, expect.error.message);
    else assert.match(message, expect.error.message);
  } else {
    assert.is(response.status, expect.status ?? 200, text);
    assert.equal(body, expect.body, text);
  }
  if (testCase.then) {
    const { rows } = await sql.raw(testCase.then.sql).execute(service.db);
    assert.equal(rows, testCase.then.rows, testCase.then.sql);
  }
}
