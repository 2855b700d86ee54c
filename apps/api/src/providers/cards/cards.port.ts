/**
 * Card issuing: virtual USD cards through an issuer shaped like Sudo Africa. The issuer keeps the
 * full card number and CVV in its vault; we keep the last four digits and its ids. Merchants'
 * authorisations reach us as events we answer in real time (a gateway funding source), so the
 * decision and the card's balance are ours: the issuer asks, we approve or decline.
 */

export interface BillingAddress {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface Cardholder {
  /** Our user id: the issuer keeps it as the customer's reference. */
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The verified BVN and date of birth (YYYY-MM-DD), for the issuer's KYC of its customer. */
  identity?: { bvn: string; dateOfBirth: string };
}

export interface IssuedCard {
  issuerCardId: string;
  issuerCardholderId: string;
  brand: 'Visa' | 'Mastercard';
  last4: string;
  expiryMonth: string;
  expiryYear: string;
  nameOnCard: string;
  billingAddress: BillingAddress;
}

/** A short-lived token the client shows the number and CVV with, straight from the vault. */
export interface CardSecretsToken {
  token: string;
  numberUrl: string;
  cvvUrl: string;
  expiresAt: Date;
}

export interface CardMerchant {
  name: string;
  city: string | null;
  country: string | null;
}

/** What the issuer tells us about a card's authorisations, normalised from its webhooks. */
export type CardIssuerEvent =
  | {
      type: 'authorization.request';
      /** The issuer's authorisation id: one decision per id, whatever is replayed. */
      authorizationId: string;
      issuerCardId: string;
      amountMinor: bigint;
      currency: string;
      merchant: CardMerchant;
    }
  | {
      /** The merchant settled (Sudo's `transaction.created`): may differ from what was held. */
      type: 'authorization.settled';
      authorizationId: string;
      amountMinor: bigint;
    }
  | { type: 'authorization.reversed'; authorizationId: string }
  | {
      type: 'authorization.refunded';
      authorizationId: string;
      refundId: string;
      amountMinor: bigint;
    }
  | {
      /** A balance enquiry on the card (at an ATM, say): answered with its spendable balance. */
      type: 'card.balance';
      issuerCardId: string;
    }
  | { type: 'ignored'; eventType: string };

/** Our answer to an authorisation request. */
export type AuthorizationAnswer = { approved: true } | { approved: false; code: string };

/** Our answer to a balance enquiry: the card's available balance, in cents. */
export interface CardBalanceAnswer {
  balanceMinor: bigint;
}

/** What an issuer's event is answered with, when it asks for an answer. */
export type IssuerAnswer = AuthorizationAnswer | CardBalanceAnswer;

export class CardIssuerError extends Error {
  override name = 'CardIssuerError';
  /** `rejected`: the issuer refused the request; `unavailable`: timeout, 5xx or unreadable. */
  readonly reason: 'rejected' | 'unavailable';

  constructor(reason: 'rejected' | 'unavailable', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A webhook that is not the issuer's (its credentials do not match): answered 401. */
export class CardWebhookUnauthorized extends Error {
  override name = 'CardWebhookUnauthorized';
}

export interface CardIssuer {
  readonly slug: string;
  /** Creates the cardholder (once per user; reused when `issuerCardholderId` is known) and a virtual USD card. */
  createCard(request: {
    reference: string;
    cardholder: Cardholder;
    issuerCardholderId: string | null;
  }): Promise<IssuedCard>;
  /** Moves dollars onto or off the card's issuer account (a mirror of our ledger, decision 0025). */
  fund(request: { issuerCardId: string; amountMinor: bigint; reference: string }): Promise<void>;
  withdraw(request: {
    issuerCardId: string;
    amountMinor: bigint;
    reference: string;
  }): Promise<void>;
  setStatus(issuerCardId: string, status: 'active' | 'frozen' | 'terminated'): Promise<void>;
  secretsToken(issuerCardId: string): Promise<CardSecretsToken>;
  /** Reads a webhook, refusing one without the issuer's credentials (`CardWebhookUnauthorized`). */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): CardIssuerEvent;
  /** The body the issuer expects (with HTTP 200) for our decision or the card's balance. */
  answer(answer: IssuerAnswer): Record<string, unknown>;
}

/** What the sandbox issuer adds, for the sandbox's merchant and vault (not in production). */
export interface SandboxCardIssuer extends CardIssuer {
  /** Whether the issuer declines this charge before asking us (a blocked merchant). */
  declinesBeforeAsking(merchant: string): boolean;
  /** The vault: the number or CVV of a card for a live token, else undefined. */
  vault(issuerCardId: string, field: 'number' | 'cvv2', token: string): string | undefined;
  /** The token the sandbox signs its webhooks with (Sudo's Authorization header). */
  readonly webhookToken: string;
}
