import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appSettingsResponseSchema } from '@ajo/contracts/configurations';

export const appSettingsRoutes: FastifyPluginAsyncZod<{
  paymentsProvider: string;
  sandbox: boolean;
}> = async (app, { paymentsProvider, sandbox }) => {
  app.get(
    '/app-settings',
    {
      schema: {
        operationId: 'getAppSettings',
        description:
          'The payments provider (it names the BVN and funding-account calls) and whether the sandbox is on.',
        tags: ['configurations'],
        summary: 'What the web app needs to know about this deployment',
        response: { 200: appSettingsResponseSchema },
      },
    },
    async () => ({
      message: 'app settings',
      data: { payments_provider: paymentsProvider, sandbox },
    }),
  );
};
