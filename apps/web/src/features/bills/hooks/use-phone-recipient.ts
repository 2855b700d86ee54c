import { useState } from 'react';
import type { Biller } from '@ajo/contracts/bills';
import { normalizeNigerianPhone } from '@ajo/contracts/phone';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { networkOfPhone, readablePhone } from '../utils/phone-network.ts';

/** "MTN, Airtel, Glo or 9mobile". */
const namesList = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

const PHONE_MESSAGE = 'Enter a valid Nigerian phone number, e.g. 0803 123 4567';

/**
 * The phone number and network of an airtime or data form. The number starts as the signed-in
 * person's own when a network carries it (a profile number on no network would greet the person
 * with an error they did not make, so the box starts empty instead); the network follows the
 * number (its prefix) until the person picks one, and typing a whole new number lets the prefix
 * choose again. A number on another network than the chosen one is an error here, as the biller
 * would refuse it.
 */
export function usePhoneRecipient(billers: readonly Biller[] | undefined) {
  const { data: user } = useCurrentUser();
  // What the person typed or chose; until then the box offers their own number.
  const [typed, setPhoneText] = useState<string | undefined>(undefined);
  const [pickedId, setPickedId] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  // The person says the number moved to the chosen network (it keeps its old prefix).
  const [ported, setPorted] = useState(false);

  const networks = billers ?? [];
  const ownPhone = user?.phone ?? '';
  // While the networks load nothing can be said against it, so it shows until they are in.
  const offersOwn = networks.length === 0 || networkOfPhone(ownPhone, networks) !== undefined;
  const phone = typed ?? (offersOwn ? ownPhone : '');
  const detected = networkOfPhone(phone, networks);
  const biller = networks.find((candidate) => candidate.id === pickedId) ?? detected ?? networks[0];
  const digits = normalizeNigerianPhone(phone);
  const isWhole = digits !== undefined;

  const phoneError = !isWhole
    ? touched
      ? PHONE_MESSAGE
      : undefined
    : detected === undefined && networks.length > 0
      ? // No network carries this prefix: the biller would refuse it after the PIN.
        `${readablePhone(phone)} is not on ${namesList(networks.map((network) => network.short_name))}. Check the number.`
      : detected !== undefined && biller !== undefined && detected.id !== biller.id && !ported
        ? `This number (0${digits.slice(0, 3)}…) is on ${detected.short_name}. Choose ${detected.short_name} or check the number.`
        : undefined;
  // Another network's prefix on the chosen network: offered only then, and forgotten with it.
  const mismatch = detected !== undefined && biller !== undefined && detected.id !== biller.id;

  const ownDigits = user?.phone === undefined ? undefined : normalizeNigerianPhone(user.phone);
  return {
    phone,
    biller,
    detected,
    /** The number is the signed-in person's own. */
    isOwnNumber: digits !== undefined && digits === ownDigits,
    phoneError,
    /** The form may continue: a whole number on the chosen network (or moved to it). */
    isValid: isWhole && biller !== undefined && phoneError === undefined,
    /** The number carries another network's prefix: it may have been moved to the chosen one. */
    mayBePorted: mismatch,
    ported: mismatch && ported,
    setPorted,
    setPhone: (typed: string) => {
      setPhoneText(typed);
      setPorted(false);
      if (normalizeNigerianPhone(typed) !== undefined) setPickedId(undefined);
    },
    pickNetwork: (id: string) => {
      setPickedId(id);
      setPorted(false);
    },
    /** A repeat purchase: the number and the network it was bought on. */
    fill: (typed: string, billerId: string) => {
      setPhoneText(normalizeNigerianPhone(typed) ?? typed);
      setPickedId(billerId);
      // It was bought on that network before: if its prefix is another's, it was moved there.
      setPorted(true);
      setTouched(true);
    },
    /** Shows "enter a valid number" once the person has left the box or pressed Continue. */
    touch: () => {
      setTouched(true);
    },
  };
}
