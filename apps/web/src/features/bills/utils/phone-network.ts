import type { Biller } from '@ajo/contracts/bills';
import { normalizeNigerianPhone } from '@ajo/contracts/phone';

/**
 * The network a Nigerian number belongs to, from the prefixes each network carries (`0803`, and
 * five-digit ones such as `07025`): the longest matching prefix wins. Undefined until the number
 * is whole, or when no network claims it.
 */
export function networkOfPhone<Network extends Pick<Biller, 'id' | 'prefixes'>>(
  typed: string,
  networks: readonly Network[],
): Network | undefined {
  const nationalNumber = normalizeNigerianPhone(typed);
  if (nationalNumber === undefined) return undefined;
  const local = `0${nationalNumber}`;
  let best: { network: Network; length: number } | undefined;
  for (const network of networks) {
    for (const prefix of network.prefixes) {
      if (local.startsWith(prefix) && prefix.length > (best?.length ?? 0)) {
        best = { network, length: prefix.length };
      }
    }
  }
  return best?.network;
}

/** "8031234567", "08031234567" or "+2348031234567" → "0803 123 4567"; other text as it is. */
export function readablePhone(typed: string): string {
  const digits = normalizeNigerianPhone(typed);
  if (digits === undefined) return typed;
  return `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}
