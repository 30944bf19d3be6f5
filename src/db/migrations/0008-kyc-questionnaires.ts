// What the KYC queries and the provider's webhooks record beyond migration 0001 (docs/kyc.md):
// - kyc_profile.questionnaire_ciphertext holds only sealed envelopes (docs/kyc.md#encryption):
//   the CHECK refuses anything whose first byte is not the envelope version, so plaintext (JSON
//   starts with `{` or `[`) can never be stored there by mistake. No plaintext column exists.
// - kyc_webhook_delivery: each webhook delivery applied, by the SHA-256 of its raw body, so a
//   delivery the provider sends again is acknowledged without being applied twice
//   (docs/kyc.md#webhooks).
// - indexes for getPotentialKycProfiles (docs/kyc.md#candidates): a profile by its organization,
//   its user, and its email compared without regard to case.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE kyc_profile ADD CONSTRAINT kyc_profile_questionnaire_sealed
    CHECK (questionnaire_ciphertext IS NULL OR (length(questionnaire_ciphertext) >= 31 AND get_byte(questionnaire_ciphertext, 0) = 1))`.execute(
    db,
  );
  await sql`CREATE INDEX kyc_profile_organization_idx ON kyc_profile (organization_id)`.execute(db);
  await sql`CREATE INDEX kyc_profile_user_idx ON kyc_profile (user_id)`.execute(db);
  await sql`CREATE INDEX kyc_profile_email_idx ON kyc_profile (lower(email))`.execute(db);
  await sql`CREATE TABLE kyc_webhook_delivery (
    payload_sha256 char(64) PRIMARY KEY CHECK (payload_sha256 ~ '^[0-9a-f]{64}$'),
    event_type text NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
    applicant_id text CHECK (length(applicant_id) BETWEEN 1 AND 200),
    kyc_profile_id uuid REFERENCES kyc_profile (id) ON DELETE SET NULL,
    outcome text NOT NULL CHECK (outcome IN ('applied', 'ignored', 'unknownApplicant')),
    received_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE kyc_webhook_delivery`.execute(db);
  await sql`DROP INDEX kyc_profile_email_idx`.execute(db);
  await sql`DROP INDEX kyc_profile_user_idx`.execute(db);
  await sql`DROP INDEX kyc_profile_organization_idx`.execute(db);
  await sql`ALTER TABLE kyc_profile DROP CONSTRAINT kyc_profile_questionnaire_sealed`.execute(db);
}
