import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EmailMessage, EmailSender } from '../providers/email/email.port.ts';
import type { BackgroundWork } from './background.ts';
import type { Clock } from './clock.ts';
import type { Executor } from './db.ts';
import type { FieldCrypto } from './field-crypto.ts';
import type { JobDefinition, JobQueue } from './jobs.ts';

const jobName = 'email-delivery';

/** An SMTP outage of a few minutes is retried through; a code in the message expires in 10. */
const maxAttempts = 8;

const sealedPayloadSchema = z.object({ sealed: z.string().min(1) });
const messageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

export interface EmailOutbox {
  /**
   * Queues a message in the caller's transaction: it exists only if that transaction commits,
   * and it is sent by the job queue, never inside the request. So every answer takes the same
   * time whether or not it emails anyone, and an SMTP outage is retried instead of failing.
   */
  queue(executor: Executor, message: EmailMessage): Promise<void>;
  /** Starts sending what is queued now, after the request's transaction has committed. */
  flush(): void;
}

/**
 * Email through the job queue. The message is sealed with the field key while it waits, because
 * it may carry a one-time code, which is otherwise only ever stored as a keyed hash; the sealed
 * payload is emptied once sent.
 */
export function emailOutbox(deps: {
  jobs: JobQueue;
  background: BackgroundWork;
  crypto: FieldCrypto;
  clock: Clock;
  sender: EmailSender;
}): EmailOutbox {
  const { jobs, background, crypto, clock, sender } = deps;
  const definition: JobDefinition = {
    name: jobName,
    maxAttempts,
    forgetPayloadWhenDone: true,
    run: async ({ payload }) => {
      const { sealed } = sealedPayloadSchema.parse(payload);
      const message = messageSchema.parse(JSON.parse(crypto.decrypt(sealed).toString('utf8')));
      await sender.send(message);
    },
  };
  jobs.register(definition);
  return {
    queue: async (executor, message) => {
      const sealed = crypto.encrypt(JSON.stringify(message));
      await jobs.enqueue(jobName, randomUUID(), { sealed }, clock.now(), executor);
    },
    flush: () => {
      background.start('email delivery', () => jobs.runDue(jobName));
    },
  };
}
