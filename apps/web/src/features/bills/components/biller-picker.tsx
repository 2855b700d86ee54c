import { useId } from 'react';
import type { Biller } from '@ajo/contracts/bills';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { BillerBadge } from './biller-badge.tsx';

interface BillerPickerProps {
  legend: string;
  billers: readonly Biller[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  selectedId: string | undefined;
  onSelect: (biller: Biller) => void;
  /** `tiles`: four badges in a row (networks, betting); `list`: a badge and a name per row. */
  layout: 'tiles' | 'list';
}

function PickerSkeleton({ layout }: { layout: BillerPickerProps['layout'] }) {
  return (
    <div
      aria-hidden="true"
      className={classNames(
        'grid gap-2 sm:gap-3',
        layout === 'tiles' ? 'grid-cols-4' : 'grid-cols-1 sm:grid-cols-2',
      )}
    >
      {Array.from({ length: layout === 'tiles' ? 4 : 4 }, (_, index) => (
        <span
          key={index}
          className={classNames(
            'block animate-pulse rounded-2xl bg-slate-100',
            layout === 'tiles' ? 'h-[5.5rem]' : 'h-16',
          )}
        />
      ))}
    </div>
  );
}

/**
 * Choose a network, DisCo or betting company: real radio buttons (arrow keys move the choice),
 * each drawn as a tile with the biller's coloured badge.
 */
export function BillerPicker({
  legend,
  billers,
  isPending,
  error,
  onRetry,
  selectedId,
  onSelect,
  layout,
}: BillerPickerProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2">
        {isPending ? (
          <>
            <PickerSkeleton layout={layout} />
            <span role="status" className="sr-only">
              Loading {legend.toLowerCase()}
            </span>
          </>
        ) : error ? (
          <div className="space-y-3">
            <FormErrorBanner message={error.message} />
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <div
            className={classNames(
              'grid gap-2 sm:gap-3',
              layout === 'tiles' ? 'grid-cols-4' : 'grid-cols-1 sm:grid-cols-2',
            )}
          >
            {(billers ?? []).map((biller) => {
              const checked = biller.id === selectedId;
              return (
                <label
                  key={biller.id}
                  className={classNames(
                    'relative flex min-w-0 cursor-pointer items-center rounded-2xl ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                    layout === 'tiles'
                      ? 'flex-col gap-2 px-1 py-3 text-center'
                      : 'gap-3 px-3.5 py-3',
                    checked
                      ? 'bg-brand-50/60 ring-2 ring-brand-600'
                      : 'bg-white ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={biller.id}
                    checked={checked}
                    onChange={() => {
                      onSelect(biller);
                    }}
                    className="sr-only"
                  />
                  <BillerBadge
                    shortName={biller.short_name}
                    name={biller.name}
                    colour={biller.colour}
                  />
                  <span
                    className={classNames(
                      'min-w-0 truncate font-semibold',
                      layout === 'tiles' ? 'w-full text-xs' : 'text-sm',
                      checked ? 'text-brand-700' : 'text-slate-900',
                    )}
                  >
                    {layout === 'tiles' ? biller.short_name : biller.name}
                  </span>
                </label>
              );
            })}
          </div>
        )}
      </div>
    </fieldset>
  );
}
