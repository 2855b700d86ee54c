import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { CardSecretsToken, IssuedCard, SandboxCardIssuer } from './cards.port.ts';

export type { SandboxCardIssuer } from './cards.port.ts';
import { readSudoEvent, sudoAnswer, verifyWebhookToken } from './sudo-events.ts';

/** How long a vault token shows the number and CVV. */
export const SANDBOX_VAULT_TOKEN_MS = 60_000;

/**
 * A merchant the sandbox issuer itself declines (its spending controls block the category)
 * before asking us, as Sudo does: documented in the README's sandbox values.
 */
export const SANDBOX_BLOCKED_MERCHANT = 'Blocked Merchant';

/** The issuer's billing address for its virtual dollar cards. */
export const sandboxBillingAddress = {
  line1: '128 Sandbox Avenue',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
};

function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The sandbox issuer, Sudo-shaped, and stateless: a card's number and CVV are derived from its
 * id with a key only the sandbox holds, so nothing secret is stored anywhere and our own tables
 * keep only the last four digits. Vault tokens are signed and expire after a minute.
 */
export function sandboxCardIssuer(deps: { secret: string; clock: Clock }): SandboxCardIssuer {
  const key = createHmac('sha256', deps.secret).update('sandbox-card-issuer').digest();
  const digitsFor = (issuerCardId: string, purpose: string, length: number) => {
    const hex = createHmac('sha256', key).update(`${purpose}:${issuerCardId}`).digest('hex');
    return BigInt(`0x${hex}`).toString().slice(0, length).padStart(length, '0');
  };
  const numberOf = (issuerCardId: string) => {
    const body = `4${digitsFor(issuerCardId, 'pan', 14)}`;
    return body + luhnCheckDigit(body);
  };
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const webhookToken = createHmac('sha256', key).update('webhooks').digest('hex');

  return {
    slug: 'sandbox',
    webhookToken,
    createCard: ({ reference, cardholder, issuerCardholderId }) => {
      const issuerCardId = `sbx_card_${createHash('sha256').update(reference).digest('hex').slice(0, 24)}`;
      const expiry = new Date(deps.clock.now().getTime());
      const card: IssuedCard = {
        issuerCardId,
        issuerCardholderId:
          issuerCardholderId ??
          `sbx_cus_${createHash('sha256').update(cardholder.userId).digest('hex').slice(0, 24)}`,
        brand: 'Visa',
        last4: numberOf(issuerCardId).slice(-4),
        expiryMonth: String(expiry.getUTCMonth() + 1).padStart(2, '0'),
        expiryYear: String(expiry.getUTCFullYear() + 3),
        nameOnCard: `${cardholder.firstName} ${cardholder.lastName}`.toUpperCase(),
        billingAddress: sandboxBillingAddress,
      };
      return Promise.resolve(card);
    },
    fund: () => Promise.resolve(),
    withdraw: () => Promise.resolve(),
    setStatus: () => Promise.resolve(),
    secretsToken: (issuerCardId): Promise<CardSecretsToken> => {
      const expiresAt = new Date(deps.clock.now().getTime() + SANDBOX_VAULT_TOKEN_MS);
      const payload = `${issuerCardId}.${String(expiresAt.getTime())}`;
      const base = `/v1/sandbox/vault/cards/${encodeURIComponent(issuerCardId)}/secure-data`;
      return Promise.resolve({
        token: `${payload}.${sign(payload)}`,
        numberUrl: `${base}/number`,
        cvvUrl: `${base}/cvv2`,
        expiresAt,
      });
    },
    vault: (issuerCardId, field, token) => {
      const [cardId, expires, signature] = token.split('.');
      if (!cardId || !expires || !signature || cardId !== issuerCardId) return undefined;
      const expected = Buffer.from(sign(`${cardId}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      if (Number(expires) <= deps.clock.now().getTime()) return undefined;
      return field === 'number' ? numberOf(issuerCardId) : digitsFor(issuerCardId, 'cvv', 3);
    },
    declinesBeforeAsking: (merchant) =>
      merchant.trim().toLowerCase() === SANDBOX_BLOCKED_MERCHANT.toLowerCase(),
    readWebhook: (headers, body) => {
      verifyWebhookToken(headers, webhookToken);
      return readSudoEvent(body);
    },
    answer: sudoAnswer,
  };
}
