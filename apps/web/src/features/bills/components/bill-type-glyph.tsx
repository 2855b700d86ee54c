import type { ReactNode } from 'react';
import { classNames } from '../../../lib/class-names.ts';
import type { BillTabId } from '../utils/bill-tabs.ts';
import { BoltIcon, DataIcon, PhoneIcon, TrophyIcon } from './bill-icons.tsx';

const icons: Record<BillTabId, ReactNode> = {
  airtime: <PhoneIcon className="size-5" />,
  data: <DataIcon className="size-5" />,
  electricity: <BoltIcon className="size-5" />,
  betting: <TrophyIcon className="size-5" />,
};

const tints: Record<BillTabId, string> = {
  airtime: 'bg-brand-50 text-brand-600',
  data: 'bg-violet-50 text-violet-600',
  electricity: 'bg-amber-50 text-amber-700',
  betting: 'bg-emerald-50 text-emerald-700',
};

/** The kind of bill as a tinted square icon: in the tabs and beside each past payment. */
export function BillTypeGlyph({ tab, className }: { tab: BillTabId; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={classNames(
        'flex size-10 shrink-0 items-center justify-center rounded-xl',
        tints[tab],
        className,
      )}
    >
      {icons[tab]}
    </span>
  );
}
