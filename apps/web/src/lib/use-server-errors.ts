import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { capitalizeFirstLetter, isApiError } from './api-client.ts';

interface RefusableMutation {
  error: Error | null;
  reset: () => void;
}

/** The answer's field errors that name a field of this form. */
function fieldErrorsOf(error: Error | null, values: object) {
  return isApiError(error)
    ? error.errors.filter((item) => item.path !== '' && item.path in values)
    : [];
}

/**
 * A refused submission, shown where the person can act on it and gone once they have. Each field
 * error of the answer (`errors[].path`) goes on the field it names; react-hook-form checks a
 * field again as it is edited after a submit, which replaces that server error. The banner
 * message answered here is the server's message unless a field already shows it, and it is
 * cleared (the mutation reset) as soon as any field is edited, so a corrected form never keeps a
 * stale refusal above it.
 */
export function useServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'getValues' | 'setError' | 'watch'>,
  mutation: RefusableMutation,
): string | undefined {
  const { getValues, setError, watch } = form;
  const { error } = mutation;
  const latest = useRef(mutation);
  useEffect(() => {
    latest.current = mutation;
  });

  useEffect(() => {
    for (const item of fieldErrorsOf(error, getValues())) {
      setError(item.path as Path<Values>, { type: 'server', message: item.message });
    }
  }, [error, getValues, setError]);

  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change' && latest.current.error) latest.current.reset();
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [watch]);

  if (!error) return undefined;
  const shownOnField = fieldErrorsOf(error, getValues()).some(
    (item) => capitalizeFirstLetter(item.message) === capitalizeFirstLetter(error.message),
  );
  return shownOnField ? undefined : error.message;
}
