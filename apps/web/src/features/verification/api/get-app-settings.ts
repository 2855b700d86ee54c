import { queryOptions, useQuery } from '@tanstack/react-query';
import { appSettingsResponseSchema } from '@ajo/contracts/configurations';
import { api } from '../../../lib/api-client.ts';

/** The deployment's settings rarely change while the app is open. */
const APP_SETTINGS_STALE_TIME_MS = 10 * 60_000;

export const appSettingsQueryOptions = queryOptions({
  queryKey: ['app-settings'],
  queryFn: ({ signal }) =>
    api.get('/app-settings', { schema: appSettingsResponseSchema.shape.data, signal }),
  staleTime: APP_SETTINGS_STALE_TIME_MS,
});

export function useAppSettings() {
  return useQuery(appSettingsQueryOptions);
}
