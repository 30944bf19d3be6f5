// docs/error-codes.md, the code table of src/errors/error-codes.ts and the `ErrorCode` enum of
// openapi.yaml name the same codes with the same statuses (docs/error-codes.md).
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { errorCodes, maskedMessage } from '../../src/errors/error-codes.ts';

const root = new URL('../../', import.meta.url);

interface DocumentedCode {
  code: string;
  httpStatus: number;
  graphqlCode: string;
  expose: boolean;
}

function documentedCodes(): DocumentedCode[] {
  const page = readFileSync(new URL('docs/error-codes.md', root), 'utf8');
  const rows = page.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
  return rows.map((row) => {
    const [code, status, graphqlCode, reaches] = row
      .split('|')
      .slice(1, 5)
      .map((cell) => cell.trim().replace(/`/g, ''));
    return { code: code!, httpStatus: Number(status), graphqlCode: graphqlCode!, expose: reaches!.startsWith('yes') };
  });
}

test('the page lists every code of the table, in its order, with its status, GraphQL code and exposure', () => {
  const fromTable = Object.entries(errorCodes).map(([code, entry]) => ({ code, ...entry }));
  assert.equal(documentedCodes(), fromTable);
});

test('a masked code says on the page which message clients get instead', () => {
  const page = readFileSync(new URL('docs/error-codes.md', root), 'utf8');
  for (const [code, entry] of Object.entries(errorCodes)) {
    if (!entry.expose) assert.ok(page.includes(`| no: \`${maskedMessage}\` |`), code);
  }
});

test("openapi.yaml's ErrorCode enum lists the same codes, each described with its status", () => {
  const spec = parse(readFileSync(new URL('openapi.yaml', root), 'utf8'));
  const schema = spec.components.schemas.ErrorCode as { enum: string[]; description: string };
  assert.equal(schema.enum, Object.keys(errorCodes));
  for (const [code, entry] of Object.entries(errorCodes)) {
    assert.ok(
      schema.description.includes(`\`${code}\` (${entry.httpStatus})`),
      `${code} (${entry.httpStatus}) in the description`,
    );
  }
});

test.run();
