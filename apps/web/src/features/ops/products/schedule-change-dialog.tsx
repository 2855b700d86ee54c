import { useState } from 'react';
import {
  buildChanges,
  changeSummary,
  initialForm,
  type EditableItem,
  type FormState,
} from './product-model.ts';
import {
  EffectiveFromField,
  effectiveFromValue,
  FieldGrid,
  ProductFormDialog,
  useEffectiveFrom,
} from './product-form.tsx';
import { useScheduleChange } from './products-api.ts';

/** A small number box in a row of durations or tiers. */
function SmallInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <input
        aria-label={label}
        value={value}
        inputMode="decimal"
        aria-invalid={error ? true : undefined}
        title={error}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className="block h-9 w-full min-w-0 rounded-lg px-2.5 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none aria-[invalid=true]:ring-red-400"
      />
      {error ? <p className="mt-1 text-xs text-red-600">{error}</p> : null}
    </div>
  );
}

/**
 * "Schedule a change" for one item: its editable fields filled with today's values, when the
 * change starts (now, or a Lagos date and time), and a summary of exactly what will change to
 * confirm. Opened with a fresh form each time (the owner keys it by item).
 */
export function ScheduleChangeDialog({
  item,
  serverOffsetMs,
  onClose,
}: {
  item: EditableItem;
  /** How far the server's clock is ahead of this browser's (the sandbox's may be days ahead). */
  serverOffsetMs: number;
  onClose: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => initialForm(item));
  const start = useEffectiveFrom(serverOffsetMs);
  const { when, from, timeError } = start;
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const schedule = useScheduleChange();

  const built = buildChanges(item, form);
  const hasFieldErrors = Object.keys(built.errors).length > 0;
  // A field with a bad value is a change not yet readable, not "nothing changed".
  const nothing = Object.keys(built.changes).length === 0 && !hasFieldErrors;
  const hasErrors = hasFieldErrors || timeError !== undefined;
  const shownErrors = submitted ? built.errors : {};

  const setField = (key: string, value: string | boolean) => {
    setForm((current) => ({ ...current, fields: { ...current.fields, [key]: value } }));
  };

  return (
    <ProductFormDialog
      title={`Schedule a change: ${item.title}`}
      intro={`Change what you need; the rest stays as it is. Nothing changes backwards: ${item.keeps}.`}
      done={done}
      error={schedule.error}
      isPending={schedule.isPending}
      submitLabel={when === 'now' ? 'Confirm: apply now' : 'Confirm: schedule change'}
      onClose={onClose}
      onSubmit={() => {
        setSubmitted(true);
        if (hasErrors || nothing || from === null) return;
        schedule.mutate(
          {
            kind: item.kind,
            target_id: item.id,
            changes: built.changes,
            effective_from: effectiveFromValue(from),
          } as Parameters<typeof schedule.mutate>[0],
          {
            onSuccess: (change) => {
              setDone(
                change.status === 'applied'
                  ? 'The change has been applied.'
                  : 'The change is scheduled.',
              );
            },
          },
        );
      }}
    >
      <FieldGrid
        specs={item.fields}
        values={form.fields}
        errors={shownErrors}
        onChange={setField}
      />

      {item.kind === 'savings_product' ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            Durations and rates (% p.a.)
          </legend>
          <div
            aria-hidden="true"
            className="mt-2 grid grid-cols-[1fr_5rem_6rem] gap-2 text-xs font-medium text-slate-500"
          >
            <span>Duration</span>
            <span>Days</span>
            <span>Rate %</span>
          </div>
          <div className="mt-1 space-y-2">
            {form.durations.map((row, index) => (
              <div key={row.id} className="grid grid-cols-[1fr_5rem_6rem] items-start gap-2">
                <span className="pt-2 text-sm text-slate-700">{row.label}</span>
                {(['days', 'rate'] as const).map((key) => (
                  <SmallInput
                    key={key}
                    label={`${row.label}: ${key}`}
                    value={row[key]}
                    error={shownErrors[`durations.${String(index)}.${key}`]}
                    onChange={(value) => {
                      setForm((current) => ({
                        ...current,
                        durations: current.durations.map((entry, at) =>
                          at === index ? { ...entry, [key]: value } : entry,
                        ),
                      }));
                    }}
                  />
                ))}
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}

      {item.kind === 'limit' ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            Per KYC tier (NGN; blank for no limit)
          </legend>
          <div className="mt-2 grid grid-cols-[4rem_1fr_1fr] gap-2 text-xs font-medium text-slate-500">
            <span>Tier</span>
            <span>Per transaction</span>
            <span>Daily</span>
          </div>
          <div className="mt-1 space-y-2">
            {form.tiers.map((row, index) => (
              <div key={row.tier} className="grid grid-cols-[4rem_1fr_1fr] items-start gap-2">
                <span className="pt-2 text-sm text-slate-700">{row.tier}</span>
                {(['per_transaction', 'daily'] as const).map((key) => (
                  <SmallInput
                    key={key}
                    label={`Tier ${String(row.tier)} ${key === 'daily' ? 'daily' : 'per transaction'}`}
                    value={row[key]}
                    error={shownErrors[`tiers.${String(row.tier)}.${key}`]}
                    onChange={(value) => {
                      setForm((current) => ({
                        ...current,
                        tiers: current.tiers.map((entry, at) =>
                          at === index ? { ...entry, [key]: value } : entry,
                        ),
                      }));
                    }}
                  />
                ))}
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}

      <EffectiveFromField start={start} />

      <div aria-live="polite" className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800">
        <p className="font-medium text-slate-900">Summary</p>
        <p className="mt-1" data-testid="change-summary">
          {nothing
            ? 'Nothing changed yet.'
            : hasFieldErrors
              ? 'Fix the fields marked above to see the change.'
              : changeSummary(item, built.lines, from ?? 'now')}
        </p>
      </div>
      {submitted && nothing ? (
        <p className="text-sm text-red-600">Change at least one field.</p>
      ) : null}
    </ProductFormDialog>
  );
}
