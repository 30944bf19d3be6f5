// Browser login attempts (docs/identity.md#browser-login, openapi.yaml `GET /auth/login`): state,
// nonce and PKCE verifier kept server-side so a `state` works once, only in the browser that
// started it (binding_hash is the SHA-256 of a random HttpOnly cookie), and only for a few minutes.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE login_attempt (
    state_hash text PRIMARY KEY,
    binding_hash text NOT NULL,
    nonce text NOT NULL,
    code_verifier text NOT NULL,
    return_to text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX login_attempt_expires_idx ON login_attempt (expires_at)`.execute(db);
  await sql`CREATE INDEX auth_session_expires_idx ON auth_session (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX auth_session_expires_idx`.execute(db);
  await sql`DROP TABLE login_attempt`.execute(db);
}
