import { classNames } from '../../../lib/class-names.ts';

/** Active while the plan's saving is active, otherwise Matured (spec section 4). */
export function planStatusText(savingActive: boolean): 'Active' | 'Matured' {
  return savingActive ? 'Active' : 'Matured';
}

/** `label` names an ended plan more exactly than the list's Matured ("Broken" for a broken one). */
export function PlanStatusBadge({ active, label }: { active: boolean; label?: string }) {
  return (
    <span
      data-testid="plan-status"
      className={classNames(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        active
          ? 'bg-accent-50 text-accent-700 ring-accent-600/20'
          : 'bg-slate-100 text-slate-700 ring-slate-500/20',
      )}
    >
      <span
        aria-hidden="true"
        className={classNames('size-1.5 rounded-full', active ? 'bg-accent-500' : 'bg-slate-500')}
      />
      {label ?? planStatusText(active)}
    </span>
  );
}
