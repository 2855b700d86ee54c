import { useMutation } from '@tanstack/react-query';
import { cardRevealResponseSchema } from '@ajo/contracts/cards';
import { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';

export interface RevealedCard {
  number: string;
  cvv: string;
  /** When the vault token runs out (the server's clock). */
  expiresAt: string;
}

const numberAnswer = z.object({ data: z.object({ number: z.string() }) });
const cvvAnswer = z.object({ data: z.object({ cvv2: z.string() }) });

const VAULT_FAILURE = 'We could not fetch your card details. Try again in a moment';

/**
 * Reads one field from the issuer's vault with the short-lived token. Straight from the vault,
 * never through our API, and never cached: the number and CVV live only in the dialog's state.
 */
async function readVault<T>(url: string, token: string, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'VAULT_UNREACHABLE', message: VAULT_FAILURE, cause });
  }
  const parsed = schema.safeParse(response.ok ? await response.json().catch(() => null) : null);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'VAULT_REFUSED', message: VAULT_FAILURE });
  }
  return parsed.data;
}

/**
 * `POST /cards/{id}/reveal {password}` with the transaction PIN in its header (a fresh password
 * and PIN check, logged by the server), then the number and CVV from the vault URLs it answers.
 */
export async function revealCard({
  cardId,
  password,
  pin,
}: {
  cardId: string;
  password: string;
  pin: string;
}): Promise<RevealedCard> {
  const grant = await api.post(
    `/cards/${encodeURIComponent(cardId)}/reveal`,
    { password },
    { headers: pinHeader(pin), schema: cardRevealResponseSchema.shape.data },
  );
  const [number, cvv] = await Promise.all([
    readVault(grant.number_url, grant.token, numberAnswer),
    readVault(grant.cvv_url, grant.token, cvvAnswer),
  ]);
  return { number: number.data.number, cvv: cvv.data.cvv2, expiresAt: grant.expires_at };
}

export function useRevealCard() {
  // Kept for no time after the dialog is done with it: the details live in the page's state only.
  return useMutation({ mutationFn: revealCard, gcTime: 0 });
}
