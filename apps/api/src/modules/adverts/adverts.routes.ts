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
    {
      schema: {
        operationId: 'listBannerAdverts',
        tags: ['adverts'],
        summary: 'The banners Home rotates through',
        description:
          'Active adverts in their display order, each with the app path its button opens.',
        response: { 200: advertsResponseSchema },
      },
    },
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
