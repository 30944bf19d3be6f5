// The Content-Type a client declared for each uploaded file (docs/files.md "Content type"):
// downloads answer with it when the bytes agree, so it is kept beside the sniffed
// `content_type`. Rows stored before this column exist have none (NULL) and keep being
// served with their sniffed type. Only the media type's essence is kept (`type/subtype`,
// lowercase, no parameters), so the column holds nothing but a well-formed token pair.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE file_upload ADD COLUMN declared_content_type text
    CHECK (char_length(declared_content_type) <= 255
      AND declared_content_type ~ '^[a-z0-9][a-z0-9!#$&^_.+-]*/[a-z0-9][a-z0-9!#$&^_.+-]*$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE file_upload DROP COLUMN declared_content_type`.execute(db);
}
