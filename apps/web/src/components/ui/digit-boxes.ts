import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * The behaviour of a row of one-digit boxes (a sign-up code, a transaction PIN): typing moves
 * forward, Backspace on an empty box clears the one before, the arrows move, a paste fills them
 * all. `onFull` hears the value when a digit lands in the last box and every box holds one; `onEnter`, when given, is what
 * Enter in a box does (the panel's confirm button, as Enter would submit a form).
 */
export function useDigitBoxes({
  length,
  value,
  onChange,
  onFull,
  onEnter,
}: {
  length: number;
  value: string;
  onChange: (value: string) => void;
  onFull?: ((value: string) => void) | undefined;
  onEnter?: (() => void) | undefined;
}) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, index) => value.charAt(index));

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** `reachedEnd`: the write filled the last box (typing over a full row's first box is not done). */
  const emit = (next: string, reachedEnd: boolean) => {
    onChange(next);
    if (reachedEnd && next.length === length && /^\d+$/.test(next)) onFull?.(next);
  };

  const writeFrom = (index: number, typed: string) => {
    const next = [...digits];
    const incoming = digitsOnly(typed).slice(0, length - index);
    // A letter or a space typed into a box is ignored: the box keeps its digit.
    if (incoming === '' && typed !== '') return;
    if (incoming === '') {
      next[index] = '';
      onChange(next.join(''));
      return;
    }
    Array.from(incoming).forEach((digit, offset) => {
      next[index + offset] = digit;
    });
    emit(next.join('').slice(0, length), index + incoming.length >= length);
    focusBox(index + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
      return;
    }
    // A digit typed over the same digit changes nothing React sees, so it is written here (phone
    // keyboards that send no key name still go through onChange).
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      writeFrom(index, event.key);
      return;
    }
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next.join(''));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = digitsOnly(event.clipboardData.getData('text')).slice(0, length);
    if (pasted === '') return;
    emit(pasted, pasted.length === length);
    focusBox(pasted.length);
  };

  /** What each box needs: its ref, its digit and its handlers. */
  const box = (index: number) => {
    const digit = digits[index] ?? '';
    return {
      ref: (element: HTMLInputElement | null) => {
        inputs.current[index] = element;
      },
      value: digit,
      onChange: (event: { target: { value: string } }) => {
        writeFrom(index, event.target.value.replace(digit, '') || event.target.value);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown(index, event);
      },
      onPaste,
      onFocus: (event: { target: HTMLInputElement }) => {
        event.target.select();
      },
    };
  };

  return { digits, inputs, box };
}
