import { ShieldCheckIcon } from './target-icons.tsx';
import { GrowthIcon, CalendarIcon } from './savings-icons.tsx';

const points = [
  {
    icon: CalendarIcon,
    title: 'Save on a schedule',
    text: 'Choose weekly or monthly. Automatic targets collect each instalment from your wallet on its due date; if your wallet is short we try again for two days.',
  },
  {
    icon: GrowthIcon,
    title: 'Earn interest every day',
    text: 'Your savings earn interest daily. Reach your target by the withdrawal date and it is paid with your savings, less 10% withholding tax.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Yours alone',
    text: 'Your individual savings/deposits is accessible to only you at due date. Breaking early costs 1% of your deposits and the interest.',
  },
] as const;

/** Beside the wizard on wide screens: what a target does, in three short points. */
export function TargetHowItWorks() {
  return (
    <aside
      aria-labelledby="target-how-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <h2 id="target-how-heading" className="text-base font-semibold text-slate-900">
        How Target Savings work
      </h2>
      <ul className="mt-4 space-y-4">
        {points.map((point) => (
          <li key={point.title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <point.icon className="size-5" />
            </span>
            <span className="text-sm">
              <span className="block font-semibold text-slate-900">{point.title}</span>
              <span className="mt-0.5 block leading-6 text-slate-600">{point.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
