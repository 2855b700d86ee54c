import type { ApiScope, AppContext } from '../../app-context.ts';
import { appSettingsRoutes } from './app-settings.routes.ts';
import { configurationRoutes } from './configurations.routes.ts';

/** Limits, fees and rates (`/configurations`) and what the client needs to know at start. */
export async function register(v1: ApiScope, { database, config, providers }: AppContext) {
  await v1.register(configurationRoutes, { database });
  await v1.register(appSettingsRoutes, {
    paymentsProvider: providers.payments.slug,
    sandbox: config.sandbox,
  });
}
