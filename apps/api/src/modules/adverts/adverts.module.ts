import type { ApiScope, AppContext } from '../../app-context.ts';
import { advertRoutes } from './adverts.routes.ts';

/** The banners Home rotates through. */
export async function register(v1: ApiScope, { database }: AppContext) {
  await v1.register(advertRoutes, { database });
}
