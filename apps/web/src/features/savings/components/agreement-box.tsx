import { useId, type Ref } from 'react';

/**
 * A terms checkbox with its sentence, and the error under it once the person tried to go on
 * without ticking it (the fixed plan's, the target's and the challenge's agreements).
 */
export function AgreementBox({
  text,
  checked,
  error,
  onChange,
  inputRef,
}: {
  text: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-xl bg-brand-50/60 p-3.5 text-sm leading-6 text-slate-800 ring-1 ring-brand-100 ring-inset"
      >
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          className="mt-1 size-4 shrink-0 accent-brand-600"
        />
        <span>{text}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
