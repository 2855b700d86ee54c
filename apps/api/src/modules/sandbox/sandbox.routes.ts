import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxQuerySchema, mailboxResponseSchema } from '@ajo/contracts/sandbox';
import { rows, type Database } from '../../platform/db.ts';

/** Sandbox-only tools; not registered at all in production, so they answer 404 there. */
export const sandboxRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/sandbox/mailbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Emails the sandbox would have sent to an address, newest first',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxResponseSchema },
      },
    },
    async (request) => {
      const messages = await rows<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
        created_at: string | Date;
      }>(
        database.db,
        sql`select to_address, subject, text_body, html_body, created_at from email_outbox
             where to_address = ${request.query.email} order by sequence desc limit 50`,
      );
      return {
        message: 'mailbox',
        data: {
          items: messages.map((message) => ({
            to: message.to_address,
            subject: message.subject,
            text: message.text_body,
            html: message.html_body,
            created_at: new Date(message.created_at).toISOString(),
          })),
        },
      };
    },
  );
};
