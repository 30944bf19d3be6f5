// The sparkline renderer (docs/wallet-sparkline.md#the-image): shape, trend colour, accessible
// title, and the edge cases that would divide by zero (no point, one point, a constant value,
// points at one instant).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  renderSparklineSvg,
  sparklineSize,
  type SparklinePoint,
} from '../../../src/domain/wallets/render-sparkline-svg.ts';
import { formatUsdCents, usdCents } from '../../../src/domain/wallets/usd-amount.ts';

const day = 24 * 60 * 60 * 1000;
const start = Date.parse('2025-12-25T00:00:00Z');

function daily(values: readonly string[]): SparklinePoint[] {
  return values.map((usdValue, index) => ({ recordedAt: new Date(start + index * day), usdValue }));
}

function title(svg: string): string {
  return /<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? '';
}

function pathPoints(svg: string): { x: number; y: number }[] {
  const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
  return [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

function assertInert(svg: string): void {
  assert.not.match(svg, /<script|on\w+=|href|<style|<foreignObject|url\(/i);
  assert.ok(
    svg.startsWith(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32" role="img"><title>',
    ),
    svg,
  );
  assert.not.match(svg, /NaN|Infinity/);
}

test('a rising history is a green line from the left edge to the right, its high at the top', () => {
  const svg = renderSparklineSvg(daily(['100.00', '90.00', '130.00', '120.00']), 7);
  assertInert(svg);
  assert.match(svg, /stroke="#15803d"/);
  const points = pathPoints(svg);
  assert.is(points.length, 4);
  assert.is(points[0]?.x, 3);
  assert.is(points[3]?.x, sparklineSize.width - 3);
  assert.is(points[2]?.y, 3, 'the high touches the top inset');
  assert.is(points[1]?.y, sparklineSize.height - 3, 'the low touches the bottom inset');
  assert.match(svg, /<circle cx="117" cy="[\d.]+" r="2" fill="#15803d"\/>/);
  assert.is(title(svg), 'Wallet value in USD, last 7 days: from 100.00 to 120.00, up 20.00 % (low 90.00, high 130.00)');
});

test('a falling history is red and says how much it fell', () => {
  const svg = renderSparklineSvg(daily(['4029192.63', '3998012.40']), 30);
  assert.match(svg, /stroke="#b91c1c"/);
  assert.is(
    title(svg),
    'Wallet value in USD, last 30 days: from 4,029,192.63 to 3,998,012.40, down 0.77 % (low 3,998,012.40, high 4,029,192.63)',
  );
});

test('no history: a dashed grey baseline and a title that says so', () => {
  const svg = renderSparklineSvg([], 7);
  assertInert(svg);
  assert.match(svg, /<path d="M3 16H117" fill="none" stroke="#64748b" stroke-width="1" stroke-dasharray="2 3"\/>/);
  assert.not.match(svg, /<circle/);
  assert.is(title(svg), 'Wallet value in USD, last 7 days: no value history');
});

test('one point: a flat grey line across the middle', () => {
  const svg = renderSparklineSvg(daily(['250.50']), 1);
  assertInert(svg);
  assert.equal(pathPoints(svg), [
    { x: 3, y: 16 },
    { x: 117, y: 16 },
  ]);
  assert.match(svg, /stroke="#64748b"/);
  assert.is(title(svg), 'Wallet value in USD, last 1 day: 250.50 (a single recorded value)');
});

test('a constant value and points at one instant are flat lines, never a division by zero', () => {
  const constant = renderSparklineSvg(daily(['10.00', '10.00', '10.00']), 7);
  assertInert(constant);
  assert.equal(pathPoints(constant), [
    { x: 3, y: 16 },
    { x: 117, y: 16 },
  ]);
  assert.match(title(constant), /from 10\.00 to 10\.00, unchanged/);
  const sameInstant = [
    { recordedAt: new Date(start), usdValue: '1.00' },
    { recordedAt: new Date(start), usdValue: '2.00' },
  ];
  const svg = renderSparklineSvg(sameInstant, 7);
  assertInert(svg);
  assert.equal(pathPoints(svg), [
    { x: 3, y: 16 },
    { x: 117, y: 16 },
  ]);
  assert.match(svg, /stroke="#15803d"/, 'the trend still compares first and last');
});

test('a dense history (90 days every 8 minutes) stays one point per x unit, keeping first and last', () => {
  const step = 8 * 60 * 1000;
  const count = (90 * day) / step;
  const points = Array.from({ length: count + 1 }, (_, i) => ({
    recordedAt: new Date(start + i * step),
    usdValue: `${1000 + (i % 50)}.00`,
  }));
  const svg = renderSparklineSvg(points, 90);
  const plotted = pathPoints(svg);
  assert.ok(plotted.length <= sparklineSize.width, `${plotted.length} points`);
  assert.is(plotted[0]?.x, 3);
  assert.is(plotted[plotted.length - 1]?.x, 117);
  assert.ok(svg.length < 4_000, `${svg.length} bytes`);
});

test('irregular recording times space the points by time, not by index', () => {
  const points = [
    { recordedAt: new Date(start), usdValue: '1.00' },
    { recordedAt: new Date(start + 9 * day), usdValue: '2.00' },
    { recordedAt: new Date(start + 10 * day), usdValue: '3.00' },
  ];
  const plotted = pathPoints(renderSparklineSvg(points, 10));
  assert.is(plotted[1]?.x, 105.6, '3 + 0.9 × 114');
});

test('usd amounts are exact: parsed to cents and printed with separators', () => {
  assert.is(usdCents('4029192.63'), 402919263n);
  assert.is(usdCents('-12.5'), -1250n);
  assert.is(usdCents('100'), 10000n);
  assert.is(usdCents('99999999999999999999999999999999999.99'), 9999999999999999999999999999999999999n);
  assert.throws(() => usdCents('1e5'), /not a USD amount/);
  assert.is(formatUsdCents(402919263n), '4,029,192.63');
  assert.is(formatUsdCents(5n), '0.05');
  assert.is(formatUsdCents(-123456n), '-1,234.56');
});

test.run();
