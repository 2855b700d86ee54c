import { useState } from 'react';
import { toast } from '../../../components/ui/toast.ts';

/** What a reason dialog needs of the mutation it confirms (a TanStack Query mutation fits). */
interface ReasonMutation<Variables> {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
  mutate: (variables: Variables, options?: { onSuccess?: () => void }) => void;
}

/**
 * A ReasonDialog over one mutation. `ask(choice)` forgets the last attempt's error and opens the
 * dialog for that choice (`choice` is null while it is closed). Confirming sends
 * `variables(choice, reason)`; once that succeeds the dialog says `doneText(choice)` (when there
 * is one), closes, and `onDone` runs. `dialog` holds the ReasonDialog's props for all of this.
 */
export function useReasonDialog<Choice, Variables>({
  mutation,
  variables,
  doneText,
  errorText = (error) => error.message,
  onDone,
}: {
  mutation: ReasonMutation<Variables>;
  variables: (choice: Choice, reason: string) => Variables;
  doneText?: (choice: Choice) => string;
  errorText?: (error: Error) => string;
  onDone?: () => void;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const close = () => {
    setChoice(null);
  };
  return {
    choice,
    ask: (next: Choice) => {
      mutation.reset();
      setChoice(next);
    },
    dialog: {
      open: true,
      isPending: mutation.isPending,
      error: mutation.error ? errorText(mutation.error) : null,
      onClose: close,
      onConfirm: (reason: string) => {
        if (choice === null) return;
        mutation.mutate(variables(choice, reason), {
          onSuccess: () => {
            const text = doneText?.(choice);
            if (text !== undefined) toast.success(text);
            close();
            onDone?.();
          },
        });
      },
    },
  };
}
