import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  buildChanges,
  changeSummary,
  initialForm,
  type EditableItem,
  type FieldSpec,
  type FormState,
} from './product-model.ts';
import { useScheduleChange } from './products-api.ts';

const inputClass =
  'mt-1.5 block w-full rounded-xl px-3.5 py-2.5 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none aria-[invalid=true]:ring-red-400';

const LAGOS_OFFSET_MS = 60 * 60_000;

/** "YYYY-MM-DDTHH:mm" of an instant on the Lagos clock (what a datetime-local field shows). */
function lagosLocal(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Lagos time (UTC+1, no daylight saving). */
function fromLagosLocal(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00+01:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function Field({
  spec,
  value,
  error,
  onChange,
}: {
  spec: FieldSpec;
  value: string | boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  if (spec.type === 'bool') {
    return (
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={value === true}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
        />
        {spec.label}
      </label>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {spec.label}
      </label>
      {spec.type === 'textarea' ? (
        <textarea
          id={id}
          rows={3}
          value={String(value)}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          className={inputClass}
          {...described}
        />
      ) : spec.type === 'select' ? (
        <select
          id={id}
          value={String(value)}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          className={inputClass}
          {...described}
        >
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          value={String(value)}
          inputMode={spec.type === 'text' ? 'text' : 'decimal'}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          className={inputClass}
          {...described}
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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

/** A form's fields two to a row on a wide screen; a long text takes the whole row. */
export function FieldGrid({
  specs,
  values,
  errors,
  onChange,
}: {
  specs: readonly FieldSpec[];
  values: Record<string, string | boolean | undefined>;
  errors: Record<string, string>;
  onChange: (key: string, value: string | boolean) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {specs.map((spec) => (
        <div key={spec.key} className={spec.type === 'textarea' ? 'sm:col-span-2' : undefined}>
          <Field
            spec={spec}
            value={values[spec.key] ?? ''}
            error={errors[spec.key]}
            onChange={(value) => {
              onChange(spec.key, value);
            }}
          />
        </div>
      ))}
    </div>
  );
}

/** What a dialog did, said once it is done, and the button that closes it. */
export function DoneNotice({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
        {message}
      </p>
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}

/**
 * When a change starts: now, or a date and time on the Lagos clock not before the dialog opened
 * (the server allows a minute for confirming). `serverOffsetMs` is how far the server's clock is
 * ahead of this browser's (the sandbox's may be days ahead).
 */
export function useEffectiveFrom(serverOffsetMs: number) {
  const whenId = useId();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [later, setLater] = useState(() =>
    lagosLocal(new Date(Date.now() + serverOffsetMs + 24 * 60 * 60_000)),
  );
  const [openedAt] = useState(() => Date.now() + serverOffsetMs);
  const from = when === 'now' ? ('now' as const) : fromLagosLocal(later);
  const timeError =
    from === null
      ? 'Enter a date and time'
      : from !== 'now' && from.getTime() < openedAt - 60_000
        ? 'A change cannot start in the past'
        : undefined;
  return { whenId, when, setWhen, later, setLater, from, timeError };
}

/** The "Effective from" choice: now, or a later Lagos date and time. */
export function EffectiveFromField({ start }: { start: ReturnType<typeof useEffectiveFrom> }) {
  const { whenId, when, setWhen, later, setLater, timeError } = start;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Effective from</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={whenId}
            checked={when === 'now'}
            onChange={() => {
              setWhen('now');
            }}
          />
          Now
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={whenId}
            checked={when === 'later'}
            onChange={() => {
              setWhen('later');
            }}
          />
          A later date and time (Lagos)
        </label>
      </div>
      {when === 'later' ? (
        <div className="mt-2">
          <input
            type="datetime-local"
            aria-label="Effective from (Lagos time)"
            value={later}
            onChange={(event) => {
              setLater(event.target.value);
            }}
            aria-invalid={timeError ? true : undefined}
            className={`${inputClass} sm:w-64`}
          />
          {timeError ? <p className="mt-1.5 text-sm text-red-600">{timeError}</p> : null}
        </div>
      ) : null}
    </fieldset>
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
  const headingId = useId();
  const [form, setForm] = useState<FormState>(() => initialForm(item));
  const start = useEffectiveFrom(serverOffsetMs);
  const { when, from, timeError } = start;
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const schedule = useScheduleChange();

  const built = buildChanges(item, form);
  const nothing = Object.keys(built.changes).length === 0;
  const hasErrors = Object.keys(built.errors).length > 0 || timeError !== undefined;
  const shownErrors = submitted ? built.errors : {};
  const serverError =
    schedule.error === null
      ? null
      : isApiError(schedule.error)
        ? (schedule.error.errors[0]?.message ?? schedule.error.message)
        : schedule.error.message;

  const setField = (key: string, value: string | boolean) => {
    setForm((current) => ({ ...current, fields: { ...current.fields, [key]: value } }));
  };

  return (
    <ModalDialog open onRequestClose={onClose} labelledBy={headingId} size="lg">
      <form
        noValidate
        className="space-y-5 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (hasErrors || nothing || from === null) return;
          schedule.mutate(
            {
              kind: item.kind,
              target_id: item.id,
              changes: built.changes,
              effective_from: from === 'now' ? 'now' : from.toISOString(),
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
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Schedule a change: {item.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Change what you need; the rest stays as it is. Nothing changes backwards: {item.keeps}.
          </p>
        </div>

        {done ? (
          <DoneNotice message={done} onClose={onClose} />
        ) : (
          <>
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
                      <SmallInput
                        label={`${row.label}: days`}
                        value={row.days}
                        error={shownErrors[`durations.${String(index)}.days`]}
                        onChange={(value) => {
                          setForm((current) => ({
                            ...current,
                            durations: current.durations.map((entry, at) =>
                              at === index ? { ...entry, days: value } : entry,
                            ),
                          }));
                        }}
                      />
                      <SmallInput
                        label={`${row.label}: rate`}
                        value={row.rate}
                        error={shownErrors[`durations.${String(index)}.rate`]}
                        onChange={(value) => {
                          setForm((current) => ({
                            ...current,
                            durations: current.durations.map((entry, at) =>
                              at === index ? { ...entry, rate: value } : entry,
                            ),
                          }));
                        }}
                      />
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

            <div
              aria-live="polite"
              className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800"
            >
              <p className="font-medium text-slate-900">Summary</p>
              <p className="mt-1" data-testid="change-summary">
                {nothing ? 'Nothing changed yet.' : changeSummary(item, built.lines, from ?? 'now')}
              </p>
            </div>
            {submitted && nothing ? (
              <p className="text-sm text-red-600">Change at least one field.</p>
            ) : null}
            <FormErrorBanner message={serverError} />

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" isLoading={schedule.isPending}>
                {when === 'now' ? 'Confirm: apply now' : 'Confirm: schedule change'}
              </Button>
            </div>
          </>
        )}
      </form>
    </ModalDialog>
  );
}
