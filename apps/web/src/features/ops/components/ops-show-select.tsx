/** The look of a list's "Show" choice, unless the screen gives its own. */
const showSelectClass = 'h-9 rounded-lg bg-white px-2 text-sm ring-1 ring-slate-300 ring-inset';

/** "Show" and a choice of which rows a console list holds. */
export function OpsShowSelect<Value extends string>({
  value,
  options,
  onChange,
  selectClassName = showSelectClass,
}: {
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  selectClassName?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Show
      <select
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className={selectClassName}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
