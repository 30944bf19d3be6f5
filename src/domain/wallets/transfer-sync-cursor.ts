// The cursor of schema.graphql `WalletTransferSyncResult.nextCursor` (docs/custody.md#syncing-transfers):
// the run it continues, opaque to clients (base64url of JSON), bound to its wallet. It carries the
// custodian's `prevId`, the run's `dateGte` and when the run started, so a client can continue a
// run even after the stored progress moved on; anything else given as a cursor is refused.
import { failWith } from '../outcomes/user-failure.ts';
import { maxCursorLength } from './custody-input-checks.ts';

export interface CursorRun {
  startedAt: Date;
  dateGte: Date | null;
  prevId: string;
}

const transferIdPattern = /^[0-9a-f]{24,64}$/;

export function encodeSyncCursor(walletId: number, run: CursorRun): string {
  const text = JSON.stringify({
    w: walletId,
    p: run.prevId,
    d: run.dateGte?.toISOString() ?? null,
    s: run.startedAt.toISOString(),
  });
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The run a cursor continues; VALIDATION_FAILED (field `cursor`) for anything this service did not hand out for this wallet. */
export function decodeSyncCursor(cursor: string, walletId: number): CursorRun {
  const decoded = cursor.length <= maxCursorLength && /^[A-Za-z0-9_-]+$/.test(cursor) ? parse(cursor) : null;
  if (decoded === null || decoded.w !== walletId) return unknownCursor();
  const startedAt = date(decoded.s);
  const dateGte = decoded.d === null ? null : date(decoded.d);
  if (typeof decoded.p !== 'string' || !transferIdPattern.test(decoded.p) || !startedAt || dateGte === undefined)
    return unknownCursor();
  return { startedAt, dateGte, prevId: decoded.p };
}

function parse(cursor: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A date the cursor carries; undefined when it is not one. */
function date(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return undefined;
  const parsed = new Date(value);
  // `2026-02-30` would roll over to March: only a date that writes back the same is one.
  return Number.isFinite(parsed.getTime()) && parsed.toISOString() === value ? parsed : undefined;
}

export function unknownCursor(): never {
  return failWith('VALIDATION_FAILED', 'cursor is not a cursor this service handed out for this wallet', 'cursor');
}
