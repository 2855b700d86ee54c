import { classNames } from '../../../lib/class-names.ts';
import { CategoryIcon } from './target-icons.tsx';

/** The category picker (spec section 2): tiles that act as one radio group. */
export function TargetCategoryTiles({
  categories,
  value,
  error,
  onChange,
}: {
  categories: readonly { id: string; label: string }[];
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset aria-describedby={error ? 'target-category-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Category</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2.5 sm:grid-cols-3">
        {categories.map((category) => {
          const checked = category.id === value;
          return (
            <label
              key={category.id}
              className={classNames(
                'flex cursor-pointer items-center gap-2.5 rounded-xl px-2.5 py-3 text-sm font-semibold ring-1 transition-colors ring-inset has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
                checked
                  ? 'bg-brand-50 text-brand-800 ring-brand-500'
                  : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="categoryId"
                value={category.id}
                checked={checked}
                onChange={() => {
                  onChange(category.id);
                }}
                className="sr-only"
              />
              <span
                className={classNames(
                  'flex size-8 shrink-0 items-center justify-center rounded-lg',
                  checked ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600',
                )}
              >
                <CategoryIcon label={category.label} className="size-4" />
              </span>
              <span className="min-w-0 leading-tight">{category.label}</span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="target-category-error" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
