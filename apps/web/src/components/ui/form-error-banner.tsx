import { capitalizeFirstLetter } from '../../lib/api-client.ts';
import { AlertIcon } from './alert-icon.tsx';

interface FormErrorBannerProps {
  message: string | null | undefined;
}

/** The first server error, capitalised, above a form (spec section 8). */
export function FormErrorBanner({ message }: FormErrorBannerProps) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-600" />
      <p>{capitalizeFirstLetter(message)}</p>
    </div>
  );
}
