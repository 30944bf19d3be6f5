// DOCUMENT_ISSUER_* (docs/configuration.md#document-issuer): demo operator only when nothing is
// set; once anything is set, no demo value leaks in; the bank account is all or nothing;
// production must name the issuer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { demoDocumentIssuer } from '../../src/config/document-issuer-config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.instance(error, ConfigError);
    return (error as ConfigError).problems;
  }
  return [];
}

test('no setting: the demo operator, marked as such', () => {
  const issuer = loadConfig({}).documentIssuer;
  assert.equal(issuer, demoDocumentIssuer);
  assert.is(issuer.demo, true);
});

test('a configured issuer: address lines split on | or newline, country upper-cased, no demo values', () => {
  const issuer = loadConfig({
    DOCUMENT_ISSUER_NAME: 'Acme Custody GmbH',
    DOCUMENT_ISSUER_ADDRESS: 'Hauptstrasse 5 | 10115 Berlin\nFloor 3',
    DOCUMENT_ISSUER_COUNTRY: 'de',
    DOCUMENT_ISSUER_VAT_ID: 'DE123456789',
    DOCUMENT_ISSUER_IBAN: 'DE89 3704 0044 0532 0130 00',
    DOCUMENT_ISSUER_BIC: 'COBADEFFXXX',
    DOCUMENT_ISSUER_BANK_NAME: 'Commerzbank',
  }).documentIssuer;
  assert.equal(issuer, {
    name: 'Acme Custody GmbH',
    addressLines: ['Hauptstrasse 5', '10115 Berlin', 'Floor 3'],
    countryCode: 'DE',
    vatId: 'DE123456789',
    registrationNumber: null,
    email: null,
    phone: null,
    bankAccount: {
      accountHolder: 'Acme Custody GmbH',
      bankName: 'Commerzbank',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    },
    demo: false,
  });
  assert.is(loadConfig({ DOCUMENT_ISSUER_NAME: 'Acme Custody GmbH' }).documentIssuer.bankAccount, null);
});

test('every problem is listed: missing name, bad country, partial bank account, production without an issuer', () => {
  const problems = problemsOf({
    DOCUMENT_ISSUER_COUNTRY: 'Germany',
    DOCUMENT_ISSUER_IBAN: 'DE89 3704 0044 0532 0130 00',
  }).join('\n');
  assert.match(problems, 'DOCUMENT_ISSUER_NAME is required when any DOCUMENT_ISSUER_* setting is given');
  assert.match(problems, "DOCUMENT_ISSUER_COUNTRY must be an ISO 3166-1 alpha-2 code such as CH, got 'Germany'");
  assert.match(
    problems,
    'DOCUMENT_ISSUER_BIC, DOCUMENT_ISSUER_BANK_NAME must be set together with DOCUMENT_ISSUER_IBAN',
  );
  assert.ok(
    problemsOf({ NODE_ENV: 'production' }).some((problem) =>
      problem.startsWith('DOCUMENT_ISSUER_NAME is required when NODE_ENV=production'),
    ),
  );
});

test.run();
