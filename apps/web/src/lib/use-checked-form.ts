import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A form of text fields checked by one plain function, for the sign-in page, whose first load
 * must stay small (QUALITY.md: 120 kB): the other forms use react-hook-form with the contracts'
 * zod schemas. It behaves like their `mode: 'onTouched'`: a field's error shows once the field
 * has been left or the form submitted, and then follows every keystroke; a refused submit moves
 * focus to the first field in error. `onEdit` runs on every edit, e.g. to clear a server's refusal
 * that the edit may have answered.
 */
export function useCheckedForm<Field extends string>(
  initialValues: Record<Field, string>,
  check: (values: Record<Field, string>) => FieldErrors<Field>,
  options: { onEdit?: (field: Field) => void } = {},
) {
  const { onEdit } = options;
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef(new Map<Field, HTMLInputElement>());

  const errors = check(values);
  const fieldNames = Object.keys(initialValues) as Field[];
  const shownErrors: FieldErrors<Field> = {};
  for (const name of fieldNames) {
    if (submitted || touched.has(name)) shownErrors[name] = errors[name];
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      onEdit?.(name);
    },
    onBlur: () => {
      setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
    },
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
  });

  const handleSubmit =
    (onValid: (values: Record<Field, string>) => void) =>
    (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const firstInError = fieldNames.find((name) => errors[name] !== undefined);
      if (firstInError === undefined) onValid(values);
      else inputs.current.get(firstInError)?.focus();
    };

  return { errors: shownErrors, field, handleSubmit };
}
