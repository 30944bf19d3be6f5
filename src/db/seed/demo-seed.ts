// Loads the documented demo data set into an empty database (docs/demo-data.md). All or
// nothing: one transaction, so a failure leaves the database empty.
import { sql } from 'kysely';
import type { Db } from '../create-database.ts';
import { advanceIdentitySequences } from './advance-identity-sequences.ts';
import { insertDemoRows } from './insert-demo-rows.ts';
import type { DemoQuestionnaireSealer } from './seal-demo-questionnaires.ts';

/**
 * Held for the seeding transaction so nodes starting together on one empty database do not
 * both seed; the second waits, then finds the data and skips. Any constant unique to the seed.
 */
const SEED_LOCK_KEY = 4_247_511_902_117n;

export async function seedDemoData(
  db: Db,
  options: { sealQuestionnaires?: DemoQuestionnaireSealer } = {},
): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`.execute(trx);
    const existing = await trx.selectFrom('organization').select('id').limit(1).executeTakeFirst();
    if (existing) return { seeded: false };
    await insertDemoRows(trx, options.sealQuestionnaires);
    await advanceIdentitySequences(trx);
    return { seeded: true };
  });
}
