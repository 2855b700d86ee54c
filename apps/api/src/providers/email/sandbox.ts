import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { EmailMessage, EmailSender } from './email.port.ts';

/** Keeps every message in the outbox so a person (or a test) can read it on the Sandbox page. */
export function sandboxEmailSender(database: Database, clock: Clock): EmailSender {
  return {
    send: async (message: EmailMessage) => {
      await database.db.execute(sql`
        insert into email_outbox (to_address, subject, text_body, html_body, created_at)
        values (${message.to.toLowerCase()}, ${message.subject}, ${message.text}, ${message.html},
                ${clock.now().toISOString()})`);
    },
  };
}
