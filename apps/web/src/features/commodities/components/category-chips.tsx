import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useCommodityCategories } from '../api/get-commodity-categories.ts';

/**
 * "All" and one chip per category; the chosen one is pressed. When the categories could not be
 * read, "All" stays (the market below does not depend on them) and the row says so with Try
 * again, rather than looking like a market without categories.
 */
export function CategoryChips({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (categoryId: string | undefined) => void;
}) {
  const categories = useCommodityCategories();
  const failure = useReadFailure(categories);
  const chips = [
    { id: undefined, name: 'All' },
    ...(categories.data?.items ?? []).map((category) => ({ id: category.id, name: category.name })),
  ];
  const group = (
    <div role="group" aria-label="Category" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {categories.isPending && !failure.shown
        ? Array.from({ length: 4 }, (_, index) => (
            <span
              key={index}
              aria-hidden="true"
              className="h-9 w-24 shrink-0 animate-pulse rounded-full bg-slate-200"
            />
          ))
        : chips.map((chip) => (
            <button
              key={chip.id ?? 'all'}
              type="button"
              aria-pressed={chip.id === value}
              onClick={() => {
                onChange(chip.id);
              }}
              className={classNames(
                'h-9 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition-colors ring-inset',
                chip.id === value
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {chip.name}
            </button>
          ))}
    </div>
  );
  // A later refresh that fails keeps the categories already shown: nothing to say then.
  if (!failure.shown || categories.data !== undefined) return group;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {group}
      <p className="pb-1 text-sm text-slate-600">We could not load the categories.</p>
      <RetryButton busy={categories.isFetching} className="mb-1" onRetry={failure.retry} />
    </div>
  );
}
