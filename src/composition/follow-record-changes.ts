// Cached business results follow every write of their records (docs/caches.md#writes-from-every-path):
// this node listens on `records_changed` and drops the results each change affects, with Redis on
// every node at once. After the listening connection was lost and restored, notifications sent in
// between are gone, so every result is dropped.
import type { Logger } from 'pino';
import type { ResultCache } from '../cache/result-cache.ts';
import type { DatabaseNotifications } from '../db/database-notifications.ts';
import { recordChangeTags } from '../domain/wallets/record-change-tags.ts';
import { parseRecordChange, recordChangeChannel } from '../records/record-changes.ts';

export async function followRecordChanges(deps: {
  notifications: DatabaseNotifications;
  results: ResultCache;
  logger: Logger;
}): Promise<void> {
  const { results, logger } = deps;
  await deps.notifications.listen(recordChangeChannel, (payload) => {
    const tags = recordChangeTags(parseRecordChange(payload));
    const dropped = tags === 'every' ? results.invalidateAll() : results.invalidate(tags);
    // The stores never reject on an unreachable Redis; anything else is a bug worth a line.
    dropped.catch((error: unknown) => logger.error({ err: error, payload }, 'result cache: a change was not applied'));
  });
}
