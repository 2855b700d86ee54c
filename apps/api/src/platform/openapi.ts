import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ajo/contracts/common';

/** The groups of operations, in the order the docs list them. */
const tags = [
  { name: 'auth', description: 'Registration, the emailed codes, sign-in and passwords' },
  { name: 'accounts', description: "The signed-in user's profile, referrals and account level" },
  { name: 'verification', description: 'BVN, the funding account and identity (selfie) checks' },
  { name: 'wallets', description: 'Naira and dollar wallets, card top-ups and withdrawals' },
  { name: 'transactions', description: 'The history of every movement, with receipts' },
  {
    name: 'statements',
    description: 'Statements of the wallets for a period (PDF or CSV) and their public check',
  },
  { name: 'banks', description: 'Banks, name enquiry and the bank accounts a user withdraws to' },
  {
    name: 'bills',
    description: 'Airtime, data bundles, electricity and betting paid from the wallet',
  },
  {
    name: 'cards',
    description: 'The virtual dollar card: create, fund, withdraw, freeze, reveal, terminate',
  },
  {
    name: 'savings',
    description: 'Savings products, fixed plans, their daily interest and maturity',
  },
  {
    name: 'commodities',
    description:
      'Commodities at daily prices: the catalogue, price history, quotes, trades, holdings',
  },
  {
    name: 'fixed income',
    description: 'Treasury bills, FGN bonds and commercial paper: orders, coupons and maturity',
  },
  {
    name: 'real estate',
    description: 'Properties in fractional units: purchases, holdings and monthly rent',
  },
  {
    name: 'portfolios',
    description: 'Everything a user owns valued in naira: total, holdings and daily history',
  },
  {
    name: 'pin',
    description: 'The transaction PIN asked for on every action that moves money out',
  },
  { name: 'notifications', description: 'What the app has told the user' },
  {
    name: 'ops',
    description:
      'The operator console: operators only (own sign-in with a TOTP code), every action audited',
  },
  { name: 'sessions', description: 'Devices signed in now and the sign-in history' },
  {
    name: 'privacy',
    description: "The user's own data (NDPA 2023): a copy of it, and closing the account",
  },
  { name: 'configurations', description: 'Limits, fees, rates and app settings' },
  { name: 'adverts', description: 'Banner adverts on Home' },
  { name: 'analytics', description: 'Page views' },
  {
    name: 'webhooks',
    description: "Signed events from payment partners (not for the app's client)",
  },
  {
    name: 'sandbox',
    description: 'The sandbox world: mailbox, bank transfers, payouts (never in production)',
  },
  { name: 'health', description: 'Liveness and readiness' },
];

/** Every `$ref` target reachable from the operations, so unused components can be left out. */
function referencedComponents(document: Record<string, unknown>): Set<string> {
  const schemas =
    (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string') {
          const name = item.replace('#/components/schemas/', '');
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else {
          visit(item);
        }
      }
    }
  };
  visit(document.paths);
  return used;
}

/** OpenAPI 3 generated from the zod contracts, served at /v1/openapi.json and /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ajo API',
        version: '1.0.0',
        description:
          'Savings, investments and payments for Nigerian retail customers. Every answer is ' +
          '`{message, data}`; every failure is `{message, code, errors}`. Money is a decimal ' +
          'string in major units. Every answer carries `X-Request-Id` and `X-Server-Time`, the ' +
          "business clock's time (ISO 8601; the sandbox's clock may have been moved on), by " +
          'which days left and "today" are counted.',
        contact: { name: 'Ajo engineering', email: 'engineering@ajo.test' },
      },
      servers: [{ url: '/' }],
      tags,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ajo_session' },
          bearer: { type: 'http', scheme: 'bearer' },
          operatorSession: { type: 'apiKey', in: 'cookie', name: 'ajo_ops_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // The zod transform registers every named schema (input and output variants alike); only
    // the ones an operation uses are kept.
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as Record<string, unknown> & {
        components?: { schemas?: Record<string, unknown> };
      };
      const schemas = document.components?.schemas;
      if (schemas) {
        const used = referencedComponents(document);
        document.components = {
          ...document.components,
          schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
        };
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  // Every documented operation can fail in the one error shape: say so once, for all of them.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as
      { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide === true || !route.url.startsWith('/v1')) return;
    schema.response = { '4XX': errorResponseSchema, ...schema.response };
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
