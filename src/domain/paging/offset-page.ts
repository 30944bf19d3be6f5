// The paging rules of schema.graphql's offset-paginated lists (interface OffsetPage): `limit`
// defaults to 50 and is clamped to 200, `offset` defaults to 0, and a negative value of either is
// refused with VALIDATION_FAILED (BAD_USER_INPUT on the GraphQL face, docs/error-codes.md) rather
// than read as something else.
import { AppError } from '../../errors/app-error.ts';

export const defaultPageLimit = 50;
export const maxPageLimit = 200;

export interface PageWindow {
  /** The effective page size: the default, or the asked size clamped to `maxPageLimit`. */
  limit: number;
  offset: number;
}

export interface OffsetPageView<Item> extends PageWindow {
  items: Item[];
  totalCount: number;
  hasNextPage: boolean;
}

/** The window of `limit` and `offset` as a client sent them (null or absent: the default). */
export function pageWindow(asked: { limit?: number | null; offset?: number | null }): PageWindow {
  const limit = asked.limit ?? defaultPageLimit;
  const offset = asked.offset ?? 0;
  const refusals = [
    ...(isCount(limit) ? [] : [{ path: 'limit', message: `limit must be a whole number of 0 or more, got ${limit}` }]),
    ...(isCount(offset)
      ? []
      : [{ path: 'offset', message: `offset must be a whole number of 0 or more, got ${offset}` }]),
  ];
  if (refusals.length > 0)
    throw new AppError('VALIDATION_FAILED', refusals.map((refusal) => refusal.message).join('; '), {
      details: refusals,
    });
  return { limit: Math.min(limit, maxPageLimit), offset };
}

/** The items of `window` out of every item, with the paging fields of OffsetPage. */
export function offsetPage<Item>(all: readonly Item[], window: PageWindow): OffsetPageView<Item> {
  return {
    items: all.slice(window.offset, window.offset + window.limit),
    totalCount: all.length,
    limit: window.limit,
    offset: window.offset,
    hasNextPage: window.offset + window.limit < all.length,
  };
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}
