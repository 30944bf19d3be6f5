// The document templates rendered to HTML (docs/documents.md): every kind matches its golden
// byte for byte (font data elided, checked separately), loads nothing remote, escapes model
// text, and fails on a missing or malformed field instead of printing a blank.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DocumentKind, type DocumentModels, documentKinds } from '../../src/documents/document-models.ts';
import { documentFontFaces, fontFile } from '../../src/documents/document-fonts.ts';
import { createHtmlRenderer } from '../../src/documents/render-html.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { assertMatchesGolden } from '../support/golden.ts';
import { capitalStatementFixture } from './fixtures/capital-statement.ts';
import { caseAgreementFixture } from './fixtures/case-agreement.ts';
import { caseReportFixture } from './fixtures/case-report.ts';
import { fundUserAgreementFixture } from './fixtures/fund-user-agreement.ts';
import { invoiceFixture } from './fixtures/invoice.ts';
import { productCatalogFixture } from './fixtures/product-catalog.ts';
import { quoteFixture } from './fixtures/quote.ts';
import { receiptFixture } from './fixtures/receipt.ts';

const fixtures: { [K in DocumentKind]: DocumentModels[K] } = {
  invoice: invoiceFixture,
  receipt: receiptFixture,
  quote: quoteFixture,
  'product-catalog': productCatalogFixture,
  'case-report': caseReportFixture,
  'case-agreement': caseAgreementFixture,
  'fund-user-agreement': fundUserAgreementFixture,
  'capital-statement': capitalStatementFixture,
};

const renderer = createHtmlRenderer();

function render<K extends DocumentKind>(kind: K, model: DocumentModels[K] = fixtures[kind]): string {
  return renderer.render(kind, model);
}

/** The goldens keep the font data out (a separate test checks it byte for byte). */
function elideFontData(html: string): string {
  return html.replace(/url\(data:font\/woff2;base64,[A-Za-z0-9+/=]+\)/g, 'url(data:font/woff2;base64,…)');
}

/** Goldens are compared with UPDATE_SNAPSHOTS=1 rewriting them (test/support/golden.ts), font data elided. */
function assertMatchesHtmlGolden(kind: DocumentKind, rendered: string): void {
  assertMatchesGolden(path.join(import.meta.dirname, 'golden', `${kind}.html`), elideFontData(rendered));
}

function withChanges<T extends object>(model: T, changes: Partial<T>): T {
  return { ...model, ...changes };
}

/** The model with one field removed, as a caller that forgot it would pass it. */
function without<T extends object>(model: T, key: keyof T): T {
  const copy = { ...model };
  Reflect.deleteProperty(copy, key);
  return copy;
}

function renderError(render: () => string): AppError {
  try {
    render();
  } catch (error) {
    assert.instance(error, AppError);
    return error as AppError;
  }
  throw new assert.Assertion({
    message: 'the render should have failed',
    operator: 'throws',
    expects: undefined,
    actual: undefined,
  });
}

for (const kind of documentKinds) {
  test(`${kind}: the rendered HTML matches golden/${kind}.html byte for byte`, () => {
    assertMatchesHtmlGolden(kind, render(kind));
  });
}

test('every document is a complete A4 page with page numbers in @page margin boxes', () => {
  for (const kind of documentKinds) {
    const html = render(kind);
    assert.ok(html.startsWith('<!DOCTYPE html>\n<html lang="en-GB">'), kind);
    assert.match(html, /size: A4;/, kind);
    assert.match(html, /@bottom-right \{\s*content: "Page " counter\(page\) " of " counter\(pages\);/, kind);
    assert.match(html, /thead \{ display: table-header-group; \}/, kind);
    assert.match(html, /tr \{ break-inside: avoid;/, kind);
    assert.match(html, /font-family: Arimo, "Liberation Sans", Arial, sans-serif;/, kind);
  }
});

test('every document embeds its fonts from the @fontsource packages, byte for byte, as data: URLs', () => {
  for (const kind of documentKinds) {
    const html = render(kind);
    const faces = [
      ...html.matchAll(
        /@font-face \{[^}]*font-family: "(\w+)";[^}]*font-weight: (\d+);[^}]*base64,([A-Za-z0-9+/=]+)\)[^}]*\}/g,
      ),
    ];
    assert.is(faces.length, documentFontFaces.length, kind);
    documentFontFaces.forEach((face, index) => {
      const [, family, weight, data] = faces[index]!;
      assert.is(family, face.family, kind);
      assert.is(Number(weight), face.weight, kind);
      assert.ok(
        Buffer.from(data!, 'base64').equals(readFileSync(fontFile(face))),
        `${kind}: ${face.family} ${face.weight} ${face.subset}`,
      );
    });
  }
});

test('no document loads anything remote or runs a script', () => {
  const remoteAttribute = /\b(?:src|href|srcset|action|poster|data)\s*=\s*["']?\s*(?:https?:)?\/\//i;
  const remoteCss = /url\(\s*["']?\s*(?:https?:)?\/\//i;
  for (const kind of documentKinds) {
    const html = render(kind);
    assert.not.match(html, remoteAttribute, `${kind}: remote URL in an attribute`);
    assert.not.match(html, remoteCss, `${kind}: remote URL in CSS`);
    assert.not.match(html, /@import|<link\b|<script\b|<iframe\b|<object\b|<embed\b/i, kind);
    for (const match of html.matchAll(/\b(?:src|href)\s*=\s*"([^"]*)"/g)) {
      assert.ok(match[1]?.startsWith('data:'), `${kind}: ${match[0].slice(0, 60)} is not a data: URI`);
    }
  }
});

test('coin icons are embedded as data: URIs', () => {
  const html = render('capital-statement');
  assert.match(
    html,
    /<img class="coin-icon" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*" alt="" width="14" height="14">Bitcoin/,
  );
});

test('text from the model is escaped, in the body and in the running header and footer', () => {
  const hostile = '<script>alert("x")</script> & "quoted" </style>';
  const html = render(
    'invoice',
    withChanges(invoiceFixture, {
      invoiceNumber: hostile,
      issuer: { ...invoiceFixture.issuer, name: hostile },
      recipient: {
        organization: { ...invoiceFixture.recipient.organization, name: hostile },
        person: { name: hostile, email: null },
      },
      notes: hostile,
    }),
  );
  assert.not.match(html, /<script/i);
  assert.is(html.match(/<\/style>/g)?.length, 1, 'only the stylesheet closes <style>');
  assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quoted&quot; &lt;/style&gt;'));
  assert.ok(html.includes('<div>Attn. &lt;script&gt;'));
  assert.ok(
    html.includes(
      '@bottom-left { content: "\\3c script\\3e alert(\\22 x\\22 )\\3c /script\\3e  \\26  \\22 quoted\\22  \\3c /style\\3e "',
    ),
  );
});

test('draft and void invoices carry a watermark; a paid one says so', () => {
  assert.match(
    render('invoice', withChanges(invoiceFixture, { status: 'draft', issuedAt: null, dueAt: null })),
    /<div class="watermark">Draft<\/div>[\s\S]*<dd>Not issued<\/dd>/,
  );
  assert.match(
    render('invoice', withChanges(invoiceFixture, { status: 'void' })),
    /<div class="watermark">Void<\/div>/,
  );
  assert.match(render('invoice', withChanges(invoiceFixture, { status: 'paid' })), /<strong>Paid\.<\/strong>/);
  assert.not.match(render('invoice'), /watermark">/);
});

test('a crypto receipt shows the coin with its icon and the transaction', () => {
  const html = render(
    'receipt',
    withChanges(receiptFixture, {
      payment: {
        method: 'crypto',
        reference: null,
        crypto: { coin: { symbol: 'USDC', name: 'USD Coin' }, amount: '6323.850000', transactionHash: '0xabc123' },
      },
    }),
  );
  assert.match(
    html,
    /<dd><img class="coin-icon" src="data:image\/svg\+xml;base64,[^"]+" alt="" width="14" height="14">6,323.85 USDC \(USD Coin\)<\/dd>/,
  );
  assert.match(html, /<dd class="mono">0xabc123<\/dd>/);
  assert.match(html, /Crypto-asset transfer/);
});

test('the fund user agreement prints without cover page and signature when not asked for', () => {
  const html = render(
    'fund-user-agreement',
    withChanges(fundUserAgreementFixture, { includeCoverPage: false, signature: null }),
  );
  assert.not.match(html, /cover-page"/);
  assert.not.match(html, /<img/);
  assert.match(html, /<div>Erin Fischer<\/div>\s*<div class="small muted">Date<\/div>/);
});

test('a signature must be a PNG or JPEG data: URI from the model', () => {
  for (const imageDataUri of [
    'https://example.com/signature.png',
    'file:///etc/passwd',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:image/png;base64,"onerror="x',
  ]) {
    const signature = { imageDataUri, signerName: 'Erin Fischer', signedAt: null };
    const error = renderError(() =>
      render('fund-user-agreement', withChanges(fundUserAgreementFixture, { signature })),
    );
    assert.is(error.code, 'INTERNAL');
    assert.match(
      error.message,
      /cannot render fund-user-agreement: imageDataUri: image must be a data:image\/png or data:image\/jpeg base64 URI/,
    );
  }
});

test('a missing field fails the render, naming it, instead of printing a blank', () => {
  assert.match(
    renderError(() => render('invoice', without(invoiceFixture, 'invoiceNumber'))).message,
    /^cannot render invoice: field 'invoiceNumber' is missing \(line 1, column \d+\)$/,
  );

  const lines = [without(invoiceFixture.lines[0] as (typeof invoiceFixture.lines)[number], 'taxAmount')];
  assert.match(
    renderError(() => render('invoice', withChanges(invoiceFixture, { lines }))).message,
    /formatMoney: amount must be a decimal string, got undefined \(missing field\) \(line \d+, column \d+\)/,
  );

  assert.match(
    renderError(() => render('invoice', without(invoiceFixture, 'notes'))).message,
    /#if on a missing field/,
  );

  assert.match(
    renderError(() => render('invoice', without(invoiceFixture, 'issuer'))).message,
    /field 'issuer\.name' is missing/,
  );

  assert.match(
    renderError(() => render('capital-statement', without(capitalStatementFixture, 'fundHoldings'))).message,
    /#if on a missing field/,
  );
});

test('a capital statement opening before the fund’s first NAV prints a dash for the opening NAV', () => {
  const model = withChanges(capitalStatementFixture, {
    openingBalance: '0.00',
    navBasis: { ...capitalStatementFixture.navBasis, openingNavDate: null, openingNavPerUnit: null, openingUnits: '0' },
  });
  const opening =
    /<td>Opening<\/td>\s*<td>([^<]*)<\/td>\s*<td class="num">([^<]*)<\/td>\s*<td class="num">([^<]*)<\/td>\s*<td class="num">([^<]*)<\/td>/;
  assert.equal(opening.exec(render('capital-statement', model))?.slice(1), ['—', '—', '0.0000', 'US$0.00']);
  assert.equal(opening.exec(render('capital-statement'))?.slice(1), [
    '30 September 2025',
    'US$1,198.4470',
    '250.0000',
    'US$299,611.75',
  ]);
});

test('money must be a decimal string, never a float', () => {
  const error = renderError(() =>
    render('invoice', withChanges(invoiceFixture, { total: 6323.85 as unknown as string })),
  );
  assert.match(error.message, /formatMoney: amount must be a decimal string, got number 6323.85/);
});

test('the locale comes from the model: en-GB by default, canonicalized, validated', () => {
  assert.is(render('invoice', without(invoiceFixture, 'locale')), render('invoice'));

  const swiss = render('invoice', withChanges(invoiceFixture, { locale: 'de-ch' }));
  assert.match(swiss, /<html lang="de-CH">/);
  assert.match(swiss, /<dd>1\. Oktober 2025<\/dd>/);
  assert.match(swiss, /\$\s6&#x27;323\.85/);
  assert.match(swiss, /<div>Schweiz<\/div>/);

  const error = renderError(() => render('invoice', withChanges(invoiceFixture, { locale: 'not a locale' })));
  assert.match(error.message, /locale 'not a locale' is not a BCP 47 language tag/);
});

test('rendering is repeatable: the same model gives the same bytes', () => {
  for (const kind of documentKinds) assert.is(render(kind), render(kind), kind);
});

test.run();
