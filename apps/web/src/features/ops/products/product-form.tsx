import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import type { FieldSpec } from './product-model.ts';

/*
 * What the product dialogs share ("Schedule a change", "Add a listing", "Add an advert"): the
 * frame of the dialog, its fields, and when the change starts.
 */

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
function DoneNotice({ message, onClose }: { message: string; onClose: () => void }) {
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

/** What the time choice sends as `effective_from`: "now", or the instant it names. */
export const effectiveFromValue = (from: Date | 'now') =>
  from === 'now' ? 'now' : from.toISOString();

/** The server's refusal in a line: its first field's message, else its own. */
const refusalText = (error: Error | null) =>
  error === null
    ? null
    : isApiError(error)
      ? (error.errors[0]?.message ?? error.message)
      : error.message;

/**
 * A product dialog: its heading and what it is for, then the form (`children`), the server's
 * refusal if any, Cancel and the submit button; once `done`, what was done and a Done button.
 */
export function ProductFormDialog({
  title,
  intro,
  done,
  error,
  isPending,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: string;
  done: string | null;
  /** The request's failure, said above the buttons. */
  error: Error | null;
  isPending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <ModalDialog open onRequestClose={onClose} labelledBy={headingId} size="lg">
      <form
        noValidate
        className="space-y-5 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>

        {done ? (
          <DoneNotice message={done} onClose={onClose} />
        ) : (
          <>
            {children}
            <FormErrorBanner message={refusalText(error)} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" isLoading={isPending}>
                {submitLabel}
              </Button>
            </div>
          </>
        )}
      </form>
    </ModalDialog>
  );
}
