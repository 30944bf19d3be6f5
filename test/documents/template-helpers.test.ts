// The helpers of the document templates (docs/documents.md#templates): exact money, dates in
// UTC, safe CSS and images, coin icons as data: URIs, and a missing field as an error.
import Handlebars from 'handlebars';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coinIconDataUri } from '../../src/documents/coin-icon-data-uri.ts';
import {
  checkImageDataUri,
  countryName,
  cssString,
  documentLabel,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatNavPerUnit,
  formatPercent,
  formatQuantity,
  formatUnitPrice,
  formatUnits,
  numberFormat,
  registerTemplateHelpers,
  resolveDocumentLocale,
} from '../../src/documents/template-helpers.ts';
import { AppError } from '../../src/errors/app-error.ts';

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.instance(error, AppError);
    assert.is((error as AppError).code, 'INTERNAL');
    return (error as AppError).message;
  }
  throw new assert.Assertion({
    message: 'expected a failure',
    operator: 'throws',
    expects: undefined,
    actual: undefined,
  });
}

function decodeDataUri(uri: string): string {
  const prefix = 'data:image/svg+xml;base64,';
  assert.ok(uri.startsWith(prefix), uri.slice(0, 40));
  return Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8');
}

test('money is formatted from decimal strings with the currency, exactly', () => {
  assert.is(formatMoney('6323.85', 'USD'), 'US$6,323.85');
  assert.is(formatMoney('6323.85', 'USD', 'en-US'), '$6,323.85');
  assert.is(formatMoney('1234.5', 'EUR', 'de-DE'), '1.234,50\u00a0€');
  assert.is(formatMoney('123456789012345678.99', 'USD'), 'US$123,456,789,012,345,678.99', 'beyond float precision');
  assert.is(formatMoney('0.005', 'USD'), 'US$0.01', 'half away from zero, like PostgreSQL round()');
  assert.is(formatMoney('-12.5', 'CHF'), '-CHF\u00a012.50');
  assert.is(formatMoney('30000.00', 'USD', 'en-GB', { negate: true }), '-US$30,000.00');
  assert.is(formatMoney('-30000.00', 'USD', 'en-GB', { negate: true }), 'US$30,000.00');
  assert.is(formatMoney('0.00', 'USD', 'en-GB', { negate: true }), 'US$0.00', 'no negative zero');
  assert.is(formatMoney('1234.5', 'JPY'), 'JP¥1,235', 'the currency decides the fraction digits');
});

test('money refuses floats, malformed decimals and bad currencies', () => {
  assert.match(
    failure(() => formatMoney(6323.85 as unknown as string, 'USD')),
    /amount must be a decimal string, got number 6323.85/,
  );
  assert.match(
    failure(() => formatMoney(undefined as unknown as string, 'USD')),
    /got undefined \(missing field\)/,
  );
  for (const bad of ['', '1e3', '1,000.00', ' 12', '12.', '.5', 'NaN']) {
    assert.match(
      failure(() => formatMoney(bad, 'USD')),
      /amount must be a decimal string/,
      bad,
    );
  }
  assert.match(
    failure(() => formatMoney('1.00', 'usd')),
    /currency must be an ISO 4217 code such as 'USD', got 'usd'/,
  );
});

test('Intl formatters are built once per locale, style and currency', () => {
  assert.is(numberFormat('en-GB', 'money', 'USD'), numberFormat('en-GB', 'money', 'USD'));
  assert.is.not(numberFormat('en-GB', 'money', 'USD'), numberFormat('en-GB', 'money', 'EUR'));
  assert.is.not(numberFormat('en-GB', 'money', 'USD'), numberFormat('de-CH', 'money', 'USD'));
});

test('prices, NAVs, quantities, units and rates', () => {
  assert.is(formatUnitPrice('12.50', 'USD'), 'US$12.50');
  assert.is(formatUnitPrice('0.12345678', 'USD'), 'US$0.12345678');
  assert.is(formatNavPerUnit('1200.00000000', 'USD'), 'US$1,200.0000');
  assert.is(formatNavPerUnit('1243.56120000', 'USD'), 'US$1,243.5612');
  assert.is(formatQuantity('9.00000000'), '9');
  assert.is(formatQuantity('120.500000000000000000'), '120.5');
  assert.is(formatUnits('225'), '225.0000');
  assert.is(formatPercent('0.0810'), '8.1%');
  assert.is(formatPercent('0.2000'), '20%');
  assert.is(formatPercent('0.0810', 'de-DE'), '8,1\u00a0%');
});

test('dates print in UTC whatever the offset of the input', () => {
  assert.is(formatDate('2025-10-31T23:59:00.000Z'), '31 October 2025');
  assert.is(formatDate('2025-11-01T01:30:00+02:00'), '31 October 2025');
  assert.is(formatDate('2026-01-29'), '29 January 2026');
  assert.is(formatDate(new Date('2026-01-29T00:00:00Z')), '29 January 2026');
  assert.is(formatDate('2025-10-01', 'de-CH'), '1. Oktober 2025');
  assert.is(formatDateTime('2025-10-01T09:00:00.000Z'), '1 Oct 2025, 09:00 UTC');
});

test('dates must be ISO 8601, and a date-time must carry its offset', () => {
  assert.match(
    failure(() => formatDate('2025-10-01T09:00:00')),
    /must be an ISO 8601 date or date-time with offset, got '2025-10-01T09:00:00'/,
  );
  assert.match(
    failure(() => formatDate('01/10/2025')),
    /ISO 8601/,
  );
  assert.match(
    failure(() => formatDate('2025-13-45')),
    /is not a real date: '2025-13-45'/,
  );
  assert.match(
    failure(() => formatDateTime(undefined as unknown as string)),
    /got undefined \(missing field\)/,
  );
});

test('file sizes, countries and labels', () => {
  assert.is(formatFileSize('248311'), '248.3 kB');
  assert.is(formatFileSize('1843220'), '1.8 MB');
  assert.is(formatFileSize(512), '512 byte');
  assert.match(
    failure(() => formatFileSize('-1')),
    /whole number of bytes/,
  );
  assert.is(countryName('LU'), 'Luxembourg');
  assert.is(countryName('CH', 'fr'), 'Suisse');
  assert.match(
    failure(() => countryName('ch')),
    /ISO 3166-1 alpha-2 code, got 'ch'/,
  );
  assert.is(documentLabel('paymentMethod', 'bank_transfer'), 'Bank transfer');
  assert.is(
    documentLabel('caseStatus', 'in_review', 'de-CH'),
    'In review',
    'untranslated languages fall back to English',
  );
  assert.match(
    failure(() => documentLabel('paymentMethod', 'cheque')),
    /no paymentMethod label for 'cheque'/,
  );
  assert.match(
    failure(() => documentLabel('paymentMethod', 'toString')),
    /no paymentMethod label/,
  );
  assert.match(
    failure(() => documentLabel('colour', 'red')),
    /no label group 'colour'/,
  );
});

test('locales are canonicalized and validated; en-GB by default', () => {
  assert.is(resolveDocumentLocale(undefined), 'en-GB');
  assert.is(resolveDocumentLocale('de-ch'), 'de-CH');
  assert.match(
    failure(() => resolveDocumentLocale('not a locale')),
    /locale 'not a locale' is not a BCP 47 language tag/,
  );
});

test('CSS strings cannot break out of the string or of <style>', () => {
  assert.is(cssString('Invoice INV-2025-0041'), '"Invoice INV-2025-0041"');
  const escaped = cssString('A "B" \\ </style><script>\n');
  assert.is(escaped, '"A \\22 B\\22  \\5c  \\3c /style\\3e \\3c script\\3e \\a "');
  assert.not.match(escaped.slice(1, -1), /["<>\\\n](?![0-9a-f])/);
  assert.is(cssString('Zürich'), '"Z\\fc rich"');
});

test('only PNG and JPEG data: URIs pass as images', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  assert.is(checkImageDataUri(png), png);
  assert.is(checkImageDataUri('data:image/jpeg;base64,/9j/4AAQ'), 'data:image/jpeg;base64,/9j/4AAQ');
  for (const bad of [
    'https://example.com/s.png',
    '//example.com/s.png',
    'file:///tmp/s.png',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:image/png;base64,abc" onerror="x',
    'javascript:alert(1)',
  ]) {
    assert.match(
      failure(() => checkImageDataUri(bad)),
      /image must be a data:image\/png or data:image\/jpeg base64 URI/,
      bad,
    );
  }
});

test('coin icons come from cryptocurrency-icons as cached base64 data: URIs', () => {
  const btc = coinIconDataUri('BTC');
  const svg = decodeDataUri(btc);
  assert.ok(svg.startsWith('<svg'));
  assert.match(svg, /#F7931A/i, 'the Bitcoin orange of svg/color/btc.svg');
  assert.is(coinIconDataUri('btc'), btc, 'symbols are case-insensitive and cached');
  assert.match(decodeDataUri(coinIconDataUri('$PAC')), /<svg/);
  for (const symbol of ['BTC', 'ETH', 'USDT', 'SOL', 'USDC', 'AVAX']) {
    assert.not.match(decodeDataUri(coinIconDataUri(symbol)), /#8A94A6/, `${symbol} has a real icon`);
  }
});

test('an unknown coin gets a neutral generated badge, never a file outside the icon folder', () => {
  const unknown = decodeDataUri(coinIconDataUri('ZZZQ'));
  assert.match(unknown, /fill="#8A94A6"/);
  assert.match(unknown, />ZZZQ<\/text>/);
  const traversal = decodeDataUri(coinIconDataUri('../../../../etc/passwd'));
  assert.match(traversal, /fill="#8A94A6"/);
  assert.match(traversal, />\.\.\/\.<\/text>/);
  assert.match(decodeDataUri(coinIconDataUri('<A>')), />&#60;A&#62;<\/text>/);
});

test('in templates, helpers and block helpers fail on a missing field', () => {
  const environment = Handlebars.create();
  registerTemplateHelpers(environment);
  const run = (source: string, context: object) =>
    environment.compile(source, { strict: true })(context, { data: { locale: 'en-GB' } });
  assert.is(run('{{formatMoney amount currency}}', { amount: '1.50', currency: 'USD' }), 'US$1.50');
  assert.is(run('{{formatMoney amount currency negate=true}}', { amount: '1.50', currency: 'USD' }), '-US$1.50');
  assert.is(run('{{#if x}}yes{{else}}no{{/if}}{{#each list}}{{this}}{{/each}}', { x: null, list: ['a', 'b'] }), 'noab');
  assert.match(
    failure(() => run('{{formatMoney amount}}', { amount: '1.50' })),
    /formatMoney takes 2 argument\(s\), got 1 \(line 1, column 0\)/,
  );
  assert.match(
    failure(() => run('\n  {{formatMoney missing "USD"}}', {})),
    /formatMoney: amount must be a decimal string, got undefined \(missing field\) \(line 2, column 2\)/,
  );
  assert.match(
    failure(() => run('{{#if missing}}x{{/if}}', {})),
    /#if on a missing field \(line 1, column 0\)/,
  );
  assert.match(
    failure(() => run('{{#unless missing}}x{{/unless}}', {})),
    /#unless on a missing field/,
  );
  assert.match(
    failure(() => run('{{#each missing}}x{{/each}}', {})),
    /#each on a missing field/,
  );
  assert.match(
    failure(() => run('{{#with missing}}x{{/with}}', {})),
    /#with on a missing field/,
  );
  assert.match(
    failure(() => run('{{field "a.b"}}', { a: {} })),
    /field 'a\.b' is missing/,
  );
  assert.is(run('{{field "a.b"}}', { a: { b: 'ok' } }), 'ok');
});

test.run();
