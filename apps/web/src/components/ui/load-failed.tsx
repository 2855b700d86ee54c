import { Button } from './button.tsx';
import { FormErrorBanner } from './form-error-banner.tsx';

/** What a failed query said, and Try again (which asks again). */
export function LoadFailed({
  query,
}: {
  query: { error: Error | null; refetch: () => Promise<unknown> };
}) {
  return (
    <div className="space-y-3">
      <FormErrorBanner message={query.error?.message} />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          void query.refetch();
        }}
      >
        Try again
      </Button>
    </div>
  );
}
