// The wallet sparkline (docs/wallet-sparkline.md#the-image, openapi.yaml getWalletSparkline): a
// 120×32 SVG line of the wallet's USD value, green when it rose over the window, red when it fell,
// grey when flat. Only a path, a dot and a <title>: no script, no style sheet, nothing loaded from
// elsewhere. The title states the range, so the image has an accessible name (role="img").
import { formatUsdCents, usdCents } from './usd-amount.ts';

export interface SparklinePoint {
  readonly recordedAt: Date;
  readonly usdValue: string;
}

export const sparklineSize = { width: 120, height: 32 } as const;
// Room for the end dot (r = 2) and half the stroke at the edges.
const inset = 3;
const trendColours = { up: '#15803d', down: '#b91c1c', flat: '#64748b' } as const;

export type SparklineTrend = keyof typeof trendColours;

/** `points` oldest first; `days` is the window the caller asked for (for the title). */
export function renderSparklineSvg(points: readonly SparklinePoint[], days: number): string {
  const { width, height } = sparklineSize;
  const cents = points.map((point) => usdCents(point.usdValue));
  const trend = trendOf(cents);
  const colour = trendColours[trend];
  const title = escapeXml(describe(cents, days, trend));
  const shape = points.length === 0 ? emptyLine(colour) : line(plot(points, cents), colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${title}</title>${shape}</svg>`;
}

export function trendOf(cents: readonly bigint[]): SparklineTrend {
  const first = cents[0];
  const last = cents[cents.length - 1];
  if (first === undefined || last === undefined || first === last) return 'flat';
  return last > first ? 'up' : 'down';
}

interface Xy {
  x: number;
  y: number;
}

/**
 * x follows time from the first to the last point (irregular recording stays honest), y the
 * value from the window's low to its high. A single point or a constant value (no span to
 * divide by) is a flat line across the middle. At most one point per x unit is kept (the
 * last of each), so a long, dense history stays a small path.
 */
function plot(points: readonly SparklinePoint[], cents: readonly bigint[]): Xy[] {
  const { width, height } = sparklineSize;
  const start = points[0]!.recordedAt.getTime();
  const span = points[points.length - 1]!.recordedAt.getTime() - start;
  const low = cents.reduce((a, b) => (b < a ? b : a));
  const high = cents.reduce((a, b) => (b > a ? b : a));
  const middle = height / 2;
  if (points.length === 1 || span <= 0 || low === high) {
    return [
      { x: inset, y: middle },
      { x: width - inset, y: middle },
    ];
  }
  const plotWidth = width - 2 * inset;
  const plotHeight = height - 2 * inset;
  const range = Number(high - low);
  const kept: Xy[] = [];
  let lastColumn = -1;
  points.forEach((point, index) => {
    const x = inset + ((point.recordedAt.getTime() - start) / span) * plotWidth;
    const y = inset + (Number(high - cents[index]!) / range) * plotHeight;
    const column = Math.floor(x);
    if (column === lastColumn && kept.length > 1) kept[kept.length - 1] = { x, y };
    else kept.push({ x, y });
    lastColumn = column;
  });
  return kept;
}

function line(xy: readonly Xy[], colour: string): string {
  const d = xy
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${coordinate(point.x)} ${coordinate(point.y)}`)
    .join('');
  const end = xy[xy.length - 1]!;
  return (
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${coordinate(end.x)}" cy="${coordinate(end.y)}" r="2" fill="${colour}"/>`
  );
}

/** No history: a dashed baseline, so the image still has its size and says "nothing yet". */
function emptyLine(colour: string): string {
  const { width, height } = sparklineSize;
  return `<path d="M${inset} ${height / 2}H${width - inset}" fill="none" stroke="${colour}" stroke-width="1" stroke-dasharray="2 3"/>`;
}

function describe(cents: readonly bigint[], days: number, trend: SparklineTrend): string {
  const window = `Wallet value in USD, last ${days} ${days === 1 ? 'day' : 'days'}`;
  const first = cents[0];
  const last = cents[cents.length - 1];
  if (first === undefined || last === undefined) return `${window}: no value history`;
  if (cents.length === 1) return `${window}: ${formatUsdCents(first)} (a single recorded value)`;
  const low = cents.reduce((a, b) => (b < a ? b : a));
  const high = cents.reduce((a, b) => (b > a ? b : a));
  const change = trend === 'flat' ? 'unchanged' : `${trend} ${percentChange(first, last)}`;
  return `${window}: from ${formatUsdCents(first)} to ${formatUsdCents(last)}, ${change} (low ${formatUsdCents(low)}, high ${formatUsdCents(high)})`;
}

function percentChange(first: bigint, last: bigint): string {
  if (first === 0n) return `by ${formatUsdCents(last - first < 0n ? first - last : last - first)}`;
  const percent = Math.abs(Number(last - first) / Number(first)) * 100;
  return `${percent.toFixed(2)} %`;
}

function coordinate(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
