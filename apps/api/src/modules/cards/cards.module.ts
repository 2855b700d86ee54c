import type { ApiScope, AppContext } from '../../app-context.ts';
import { exchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { cardSandboxRoutes } from './card-sandbox.routes.ts';
import { cardWebhookRoutes } from './card-webhooks.routes.ts';
import { cardRoutes } from './cards.routes.ts';
import { cardsService } from './cards.service.ts';

/** Virtual dollar cards (issue 20, decision 0025): routes, the issuer's webhooks, the expiry job. */
export async function register(v1: ApiScope, context: AppContext) {
  const { database, clock, crypto, providers, background, jobs, config, requireUser } = context;
  const cards = cardsService({
    database,
    clock,
    rates: exchangeRateProvider({ database, clock }),
    issuer: providers.cards,
    crypto,
    background,
    maxCardsPerUser: config.cardMaxPerUser,
  });
  jobs.register(cards.authorizations.expiryJob);
  jobs.register(cards.quoteCleanupJob);
  await v1.register(cardRoutes, { cards, requireUser });
  await v1.register(cardWebhookRoutes, { cards, issuer: providers.cards });
  if (config.sandbox && providers.sandboxCards) {
    await v1.register(cardSandboxRoutes, { cards, issuer: providers.sandboxCards });
  }
  return { cards };
}
