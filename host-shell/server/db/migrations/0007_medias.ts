import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema';
import { withId } from './helpers';

/**
 * Uploaded medias (spec §5 "Uploads"): exhibitors' pictures and videos, company documents, the room's panoramas.
 * `str` is the unguessable name of `/api/medias/{str}`; the file lives under `<UPLOAD_DIR>/medias/<stored_name>`
 * (a generated name too, never served statically). `scan_status`: `pending` while ClamAV scans it (not served),
 * `clean` once it passed, `unscanned` when no antivirus is configured; an infected file is deleted with its row.
 *
 * `panorama_images`: the uploaded image that replaces a panorama's drawn one in the room frame (none: drawn).
 */
export function medias(dialect: Dialect): Migration {
  const id = withId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('medias')
        .$call(id)
        .addColumn('str', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        .addColumn('scan_status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('panorama_images')
        .addColumn('panorama_slug', 'text', (c) => c.primaryKey().references('panoramas.slug').onDelete('cascade'))
        .addColumn('media_id', 'integer', (c) => c.notNull().references('medias.id').onDelete('cascade'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['panorama_images', 'medias']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
