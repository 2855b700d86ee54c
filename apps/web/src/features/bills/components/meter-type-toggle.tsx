import { useId } from 'react';
import { meterTypes, type MeterType } from '@ajo/contracts/bills';
import { classNames } from '../../../lib/class-names.ts';

const labels: Record<MeterType, string> = { prepaid: 'Prepaid', postpaid: 'Postpaid' };

/** Prepaid or postpaid, as two halves of one switch (radio buttons underneath). */
export function MeterTypeToggle({
  value,
  onChange,
}: {
  value: MeterType;
  onChange: (meterType: MeterType) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Meter type</legend>
      <div className="mt-2 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {meterTypes.map((meterType) => {
          const checked = meterType === value;
          return (
            <label
              key={meterType}
              className={classNames(
                'flex h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold transition has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                checked
                  ? 'bg-white text-brand-700 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <input
                type="radio"
                name={name}
                value={meterType}
                checked={checked}
                onChange={() => {
                  onChange(meterType);
                }}
                className="sr-only"
              />
              {labels[meterType]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
