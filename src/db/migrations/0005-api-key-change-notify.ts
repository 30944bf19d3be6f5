// Every change of an API key that can change what it may do (revocation, a new secret, kind,
// organization or scopes) or its removal is announced on the `api_key_changed` channel, so
// every node drops the keys it verified and cached (docs/identity.md#api-key-verification),
// whoever made the change: the service, the admin CLI on another host, or an operator's SQL.
// `last_used_at` alone changes nothing a node caches and announces nothing.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('api_key_changed', OLD.prefix);
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER api_key_changed AFTER UPDATE ON api_key FOR EACH ROW
    WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
      OR OLD.secret_hash IS DISTINCT FROM NEW.secret_hash
      OR OLD.kind IS DISTINCT FROM NEW.kind
      OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
      OR OLD.scopes IS DISTINCT FROM NEW.scopes
      OR OLD.created_by IS DISTINCT FROM NEW.created_by
      OR OLD.prefix IS DISTINCT FROM NEW.prefix)
    EXECUTE FUNCTION notify_api_key_changed()`.execute(db);
  await sql`CREATE TRIGGER api_key_removed AFTER DELETE ON api_key FOR EACH ROW
    EXECUTE FUNCTION notify_api_key_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER api_key_removed ON api_key`.execute(db);
  await sql`DROP TRIGGER api_key_changed ON api_key`.execute(db);
  await sql`DROP FUNCTION notify_api_key_changed()`.execute(db);
}
