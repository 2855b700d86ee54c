import { normalizeNigerianPhone } from '@ajo/contracts/phone';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** Shown fixed in front of the number (spec section 5): people type the national number. */
export const NIGERIA_DIAL_CODE = '+234';

/**
 * What the phone box keeps of the text typed or pasted into it. Once the text is a whole Nigerian
 * number in any usual form ("0803 123 4567", "+234 803…", "234803…") it becomes the 10 digits
 * after +234, the prefix being shown fixed beside the box; until then its digits stay as typed,
 * with a leading + so that "+234…" can be typed out. Letters and other characters never stay.
 */
export function typedPhoneText(typed: string): string {
  const nationalNumber = normalizeNigerianPhone(typed);
  if (nationalNumber !== undefined) return nationalNumber;
  const trimmed = typed.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

type PhoneFieldProps = Omit<TextFieldProps, 'prefix' | 'type'>;

/**
 * A Nigerian phone number with +234 shown fixed. It takes the field's registration
 * (react-hook-form) as props: each change is rewritten by `typedPhoneText` before it is passed on,
 * and the contract's phone field checks and normalises what is left.
 */
export function PhoneField({ onChange, ...props }: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      {...props}
      prefix={NIGERIA_DIAL_CODE}
      onChange={(event) => {
        event.target.value = typedPhoneText(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
