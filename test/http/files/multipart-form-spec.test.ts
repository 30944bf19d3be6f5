// The multipart forms the router enforces (src/http/multipart/multipart-form-specs.ts) are
// written by hand, because the generated validators cover JSON only: this keeps them equal to
// openapi.yaml, as the stored-name pattern of the storage.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { type OperationId, operations } from '../../../generated/openapi/operations.ts';
import { storedFileNamePattern } from '../../../src/domain/files/stored-file-name.ts';
import { multipartFormSpecs } from '../../../src/http/multipart/multipart-form-specs.ts';

const document = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8'));

function resolve(node: any): any {
  while (typeof node?.$ref === 'string')
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at?.[key], document);
  return node;
}

test('every multipart operation has a form spec, and only those', () => {
  const contentTypes = (id: OperationId): readonly string[] => operations[id].requestBody?.contentTypes ?? [];
  const multipart = (Object.keys(operations) as OperationId[]).filter((id) =>
    contentTypes(id).includes('multipart/form-data'),
  );
  assert.equal(Object.keys(multipartFormSpecs).sort(), multipart.sort());
});

test('each form spec matches its requestBody schema', () => {
  for (const [id, spec] of Object.entries(multipartFormSpecs)) {
    const operation = operations[id as OperationId];
    const schema = resolve(
      document.paths[operation.path][operation.method.toLowerCase()].requestBody.content['multipart/form-data'].schema,
    );
    assert.is(schema.additionalProperties, false, id);
    assert.equal(Object.keys(schema.properties).sort(), [spec!.fileField, ...spec!.textFields].sort(), id);
    assert.equal(schema.required, [spec!.fileField], id);
    const files = schema.properties[spec!.fileField];
    assert.equal(
      { min: files.minItems, max: files.maxItems, format: files.items.format },
      { min: spec!.minFiles, max: spec!.maxFiles, format: 'binary' },
      id,
    );
  }
});

test('the byte limit is the largest size an UploadedFile may have', () => {
  assert.is(
    resolve(document.components.schemas.UploadedFile).properties.size.maximum,
    multipartFormSpecs.uploadDocuments!.maxTotalBytes,
  );
});

test('stored names follow UploadName and UploadedFile.name', () => {
  assert.is(document.components.parameters.UploadName.schema.pattern, storedFileNamePattern.source);
  assert.is(document.components.schemas.UploadedFile.properties.name.pattern, storedFileNamePattern.source);
});

test.run();
