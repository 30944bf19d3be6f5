// One home for the idempotency keys of the mutations that create something
// (docs/idempotency.md): `idempotency_key` holds, per organization and operation, the key a
// client sent, the digest of the input it came with, the state of the request that claimed it
// (`pending` while it runs, `completed` with the id of what it made, `failed` when it made
// nothing) and, for an operation that calls a provider first, the reference the provider call
// carries and what finishing the operation needs (`intent`), so that a request cut off between the
// provider's answer and the commit can be finished by the next one or by the start-up sweep
// (`createDigitalWallet`, docs/custody.md#idempotent-creation). A row without a key is such an
// intent alone. The keys of migration 0007's `digital_wallet_creation_key` move here.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE idempotency_key (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    operation text NOT NULL CHECK (operation ~ '^[a-z][A-Za-z]{0,63}$'),
    idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    request_digest text NOT NULL CHECK (request_digest ~ '^[0-9a-f]{64}$'),
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'completed', 'failed')),
    result_ref text CHECK (length(result_ref) BETWEEN 1 AND 128),
    reference uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    intent jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((state = 'completed') = (result_ref IS NOT NULL)),
    UNIQUE (organization_id, operation, idempotency_key)
  )`.execute(db);
  await sql`CREATE INDEX idempotency_key_pending_idx ON idempotency_key (operation, updated_at)
    WHERE state = 'pending'`.execute(db);
  await sql`INSERT INTO idempotency_key
      (organization_id, operation, idempotency_key, request_digest, state, result_ref, created_at, updated_at)
    SELECT organization_id, 'createDigitalWallet', idempotency_key, input_digest, 'completed', wallet_id::text,
      created_at, created_at
    FROM digital_wallet_creation_key`.execute(db);
  await sql`DROP TABLE digital_wallet_creation_key`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE digital_wallet_creation_key (
    organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    input_digest text NOT NULL CHECK (input_digest ~ '^[0-9a-f]{64}$'),
    wallet_id integer NOT NULL REFERENCES digital_wallet (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organization_id, idempotency_key)
  )`.execute(db);
  await sql`INSERT INTO digital_wallet_creation_key (organization_id, idempotency_key, input_digest, wallet_id, created_at)
    SELECT k.organization_id, k.idempotency_key, k.request_digest, w.id, k.created_at
    FROM idempotency_key k JOIN digital_wallet w ON w.id::text = k.result_ref
    WHERE k.operation = 'createDigitalWallet' AND k.state = 'completed' AND k.idempotency_key IS NOT NULL`.execute(db);
  await sql`DROP TABLE idempotency_key`.execute(db);
}
