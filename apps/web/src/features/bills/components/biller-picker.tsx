import { useId } from 'react';
import type { Biller } from '@ajo/contracts/bills';
import { classNames } from '../../../lib/class-names.ts';
import { BillerBadge } from './biller-badge.tsx';
import { ChoiceCard, ChoiceFieldset } from './choice-fieldset.tsx';

/** The read of a bill type's billers, as `useBillers` answers it. */
export interface BillersRead {
  data: readonly Biller[] | undefined;
  isPending: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

interface BillerPickerProps {
  legend: string;
  billers: BillersRead;
  selectedId: string | undefined;
  onSelect: (biller: Biller) => void;
  /** `tiles`: four badges in a row (networks, betting); `list`: a badge and a name per row. */
  layout: 'tiles' | 'list';
}

/** The skeleton and the choices share one grid, so nothing moves when the billers arrive. */
const gridClassName = (layout: BillerPickerProps['layout']) =>
  classNames(
    'grid gap-2 sm:gap-3',
    layout === 'tiles' ? 'grid-cols-4' : 'grid-cols-1 sm:grid-cols-2',
  );

function PickerSkeleton({ layout }: { layout: BillerPickerProps['layout'] }) {
  return (
    <div aria-hidden="true" className={gridClassName(layout)}>
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
export function BillerPicker({ legend, billers, selectedId, onSelect, layout }: BillerPickerProps) {
  const name = useId();
  return (
    <ChoiceFieldset
      legend={legend}
      read={billers}
      skeleton={
        <>
          <PickerSkeleton layout={layout} />
          <span role="status" className="sr-only">
            Loading {legend.toLowerCase()}
          </span>
        </>
      }
    >
      <div className={gridClassName(layout)}>
        {(billers.data ?? []).map((biller) => {
          const checked = biller.id === selectedId;
          return (
            <ChoiceCard
              key={biller.id}
              name={name}
              value={biller.id}
              checked={checked}
              onSelect={() => {
                onSelect(biller);
              }}
              className={classNames(
                'relative flex min-w-0 cursor-pointer items-center rounded-2xl ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                layout === 'tiles' ? 'flex-col gap-2 px-1 py-3 text-center' : 'gap-3 px-3.5 py-3',
              )}
            >
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
            </ChoiceCard>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
