import { msg } from '@lingui/core/macro';
import type { Kysely } from 'kysely';
import { IMPORT_BATCH_SIZE } from '@salon/shared/contracts/imports';
import { nowIso, type Database } from '../db/schema';
import { recordChange } from './audit';
import { tally } from './import-csv';
import { userOutcomes, type UserLine } from './import-users';
import { visioOutcomes, type VisioLine } from './import-visio';
import {
  INTERRUPTED,
  REPORT_TTL_MS,
  bilingual,
  missingIssues,
  parseJson,
  type Bilingual,
  type StoredPreview,
  type StoredReport,
} from './imports';

/* A confirmed import, applied (see `imports.ts`): claimed once, run in batches, journaled in the audit log. */

/** preview → running, once: false when someone confirmed it first or it expired. */
export async function claimImport(db: Kysely<Database>, id: number, now = nowIso()): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ status: 'running', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'preview')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RunOptions {
  /** Who confirmed it (the audit log's actor). */
  actorId: number;
  /** Asked between batches: true stops the run there (the server is closing). */
  shouldStop?: () => boolean;
  /** The users whose visio link changed, after each batch (the live activity shows exhibitors' links). */
  onChanged?: (userIds: number[]) => void;
  /** The cause of a failed batch (for the log). */
  onError?: (err: unknown) => void;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Applies a claimed import in batches (one transaction each, its progress and report saved in it), then records
 * one audit entry (who, which file, the counts) with the final status. A failure stops at the batch that failed:
 * the batches before it stay (running the same file again completes them), the entry and the report say so.
 */
export async function runImport(db: Kysely<Database>, id: number, options: RunOptions): Promise<void> {
  const row = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const preview = parseJson<StoredPreview>(row.preview)!;
  const report: StoredReport = {
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [...missingIssues(preview.missing), ...preview.invalid],
    ...(row.kind === 'users' ? { emails: [] } : {}),
  };
  const rows = JSON.parse(row.rows) as (UserLine | VisioLine)[];
  let processed = 0;
  let failure: Bilingual | null = null;
  try {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH_SIZE) {
      if (options.shouldStop?.()) {
        failure = INTERRUPTED;
        break;
      }
      const batch = rows.slice(i, i + IMPORT_BATCH_SIZE);
      const changedUsers: number[] = [];
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const { outcomes } =
          row.kind === 'users' ? await userOutcomes(trx, batch as UserLine[], now) : await visioOutcomes(trx, batch as VisioLine[]);
        const inserts = outcomes.flatMap((o) => (o.kind === 'create' ? [o.insert] : []));
        if (inserts.length > 0) await trx.insertInto('users').values(inserts).execute();
        for (const o of outcomes) {
          if (o.kind === 'update') {
            await trx.updateTable('users').set(o.changes).where('id', '=', o.id).execute();
            changedUsers.push(o.id);
          }
        }
        const counts = tally(outcomes);
        report.created += counts.create;
        report.updated += counts.update;
        report.unchanged += counts.unchanged;
        report.skipped.push(...counts.skipped);
        if (report.emails) {
          const skippedLines = new Set(counts.skipped.map((issue) => issue.line));
          for (const line of batch as UserLine[]) if (!skippedLines.has(line.line)) report.emails.push(line.email);
        }
        processed += batch.length;
        await trx
          .updateTable('imports')
          .set({ processed, report: JSON.stringify(report), updated_at: now })
          .where('id', '=', id)
          .execute();
      });
      if (row.kind === 'visio_links' && changedUsers.length > 0) options.onChanged?.(changedUsers);
      await tick();
    }
  } catch (err) {
    const line = rows[processed]?.line ?? '?';
    failure = bilingual(
      msg`The import stopped at line ${line} on a server error: the lines before it are imported; send the same file again to finish`,
    );
    options.onError?.(err);
  }
  report.skipped.sort((a, b) => a.line - b.line);
  const finished = nowIso();
  await db.transaction().execute(async (trx) => {
    await recordChange(
      trx,
      {
        actorId: options.actorId,
        action: `${row.kind}.import`,
        target: row.file_name,
        before: null,
        after: {
          file: row.file_name,
          lines: preview.lines,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          skipped: report.skipped.length,
          ...(failure ? { stopped_at: processed } : {}),
        },
      },
      finished,
    );
    await trx
      .updateTable('imports')
      .set({
        status: failure ? 'failed' : 'done',
        report: JSON.stringify(report),
        error: failure ? JSON.stringify(failure) : null,
        rows: '[]',
        updated_at: finished,
        expires_at: new Date(Date.parse(finished) + REPORT_TTL_MS).toISOString(),
      })
      .where('id', '=', id)
      .execute();
  });
}
