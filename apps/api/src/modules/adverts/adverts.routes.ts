import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advertsResponseSchema } from '@ajo/contracts/engagement';
import { rows, type Database } from '../../platform/db.ts';

export const advertRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/advert/banner',
    { schema: { tags: ['adverts'], response: { 200: advertsResponseSchema } } },
    async () => {
      const found = await rows<{
        id: string;
        title: string;
        body: string;
        cta_label: string;
        cta_path: string;
      }>(
        database.db,
        sql`select id, title, body, cta_label, cta_path from adverts
             where active order by position, title`,
      );
      return { message: 'banner adverts', data: { items: found } };
    },
  );
};
