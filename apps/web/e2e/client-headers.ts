/**
 * The header the web app sends on every API call (`CLIENT_HEADER_NAME` in src/lib/api-client.ts):
 * the API refuses a state-changing request without it, so a journey calling the API directly
 * through `page.request` sends it too.
 */
export const CLIENT_HEADERS = { 'X-Requested-With': 'ajo-web' } as const;
