import { z } from 'zod';
import { EXPORT_RETENTION_DAYS } from '@ajo/contracts/privacy';
import type { BackgroundWork } from '../../platform/background.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { EmailOutbox } from '../../platform/email-outbox.ts';
import { AppError } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { findUserById } from '../auth/auth.service.ts';
import { buildArchive } from './export-archive.ts';
import * as repository from './exports.repository.ts';
import { exportReadyEmail } from './privacy.emails.ts';

export interface ExportDependencies {
  database: Database;
  clock: Clock;
  jobs: JobQueue;
  background: BackgroundWork;
  crypto: FieldCrypto;
  outbox: EmailOutbox;
  /** Where the app is reached, for the link in the email; the path alone when unknown. */
  publicUrl: string | undefined;
}

const prepareJob = 'privacy-export';
const purgeJob = 'privacy-export-purge';
const maxAttempts = 3;
const retentionMs = EXPORT_RETENTION_DAYS * 24 * 60 * 60_000;
const payloadSchema = z.object({ exportId: z.uuid() });

const notFound = () => new AppError('export_not_found', 'This export does not exist', 404);

export function exportService(deps: ExportDependencies) {
  const { database, clock, jobs, background, crypto, outbox } = deps;

  /** Builds the archive, seals it, and tells the user (email and bell) that it is ready. */
  async function prepare(exportId: string, attempt: number) {
    const found = await repository.findExport(database.db, exportId);
    if (found?.status !== 'preparing') return;
    try {
      const now = clock.now();
      const archive = await buildArchive(database.db, crypto, found.user_id, now);
      const user = await findUserById(database.db, found.user_id);
      await database.unitOfWork(async (tx) => {
        await repository.markReady(tx, exportId, {
          archiveSealed: crypto.encrypt(archive),
          sizeBytes: Buffer.byteLength(archive),
          now,
          expiresAt: new Date(now.getTime() + retentionMs),
        });
        await insertNotification(tx, {
          userId: found.user_id,
          title: 'Your data is ready',
          body: `The copy of your data is ready to download in Settings for ${String(EXPORT_RETENTION_DAYS)} days.`,
          now,
        });
        if (user) {
          const settingsUrl = `${deps.publicUrl ?? ''}/app/settings`;
          await outbox.queue(tx, exportReadyEmail(user.email, user.first_name, settingsUrl));
        }
      });
      outbox.flush();
    } catch (error) {
      if (attempt >= maxAttempts) await repository.markFailed(database.db, exportId);
      throw error;
    }
  }

  const jobDefinitions: JobDefinition[] = [
    {
      name: prepareJob,
      maxAttempts,
      run: async ({ payload, attempt }) => {
        await prepare(payloadSchema.parse(payload).exportId, attempt);
      },
    },
    {
      name: purgeJob,
      schedule: { everyMinutes: 60 },
      run: async ({ now }) => {
        await repository.purgeExpired(database.db, now);
      },
    },
  ];

  /** Starts an export; one at a time per user. The job runs now and is retried by the worker. */
  async function requestExport(userId: string) {
    const now = clock.now();
    const created = await database.unitOfWork(async (tx) => {
      if (await repository.findPreparing(tx, userId)) {
        throw new AppError(
          'export_in_progress',
          'Your data is already being prepared. We will email you when it is ready.',
          409,
        );
      }
      const inserted = await repository.insertExport(tx, userId, now);
      await jobs.enqueue(prepareJob, inserted.id, { exportId: inserted.id }, now, tx);
      return inserted;
    });
    background.start('data export', () => jobs.runDue(prepareJob));
    return repository.toDataExport(created, now);
  }

  async function listExports(userId: string) {
    const now = clock.now();
    const found = await repository.listExports(database.db, userId);
    return found.map((row) => repository.toDataExport(row, now));
  }

  /** The archive of a ready export of this user; another user's export is as absent as none. */
  async function download(userId: string, exportId: string) {
    const found = await repository.findExport(database.db, exportId);
    if (found?.user_id !== userId) throw notFound();
    const shown = repository.toDataExport(found, clock.now());
    if (shown.status === 'preparing') {
      throw new AppError(
        'export_not_ready',
        'Your data is still being prepared. We will email you when it is ready.',
        409,
      );
    }
    if (shown.status === 'failed') {
      throw new AppError(
        'export_failed',
        'We could not prepare this export. Please request a new one.',
        409,
      );
    }
    if (shown.status === 'expired' || !found.archive_sealed) {
      throw new AppError(
        'export_expired',
        `Exports can be downloaded for ${String(EXPORT_RETENTION_DAYS)} days. Request a new one.`,
        410,
      );
    }
    return {
      archive: crypto.decrypt(found.archive_sealed),
      fileName: `ajo-data-${shown.ready_at?.slice(0, 10) ?? 'export'}.json`,
    };
  }

  return { jobDefinitions, requestExport, listExports, download };
}

export type ExportService = ReturnType<typeof exportService>;
