import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { STATEMENT_MAX_DAYS, type StatementFormat } from '@ajo/contracts/statements';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatLagosDate, lagosToday } from '../../../lib/dates.ts';
import { useDownloadStatement } from '../api/download-statement.ts';
import { ChoiceGroup } from '../components/choice-group.tsx';
import {
  presetPeriod,
  statementPeriodChoices,
  type StatementPeriodChoice,
} from '../utils/statement-periods.ts';

const formatChoices = [
  { id: 'pdf', label: 'PDF' },
  { id: 'csv', label: 'CSV (spreadsheet)' },
] as const satisfies readonly { id: StatementFormat; label: string }[];

const readable = (date: string) => formatLagosDate(`${date}T12:00:00+01:00`);

/**
 * Statements of both wallets for a period, as a PDF laid out like a bank statement or a CSV.
 * Each carries a verification code anyone can check on the public page.
 */
export function StatementsPage() {
  const today = lagosToday();
  const [choice, setChoice] = useState<StatementPeriodChoice>('this-month');
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [custom, setCustom] = useState(() => presetPeriod('this-month', today));
  const download = useDownloadStatement();
  const period = choice === 'custom' ? custom : presetPeriod(choice, today);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    download.mutate({ ...period, format });
  };

  return (
    <>
      <title>Statements · Ajo</title>
      <div className="mx-auto max-w-2xl">
        <Link to="/wallet" className="text-sm font-medium text-brand-700 hover:underline">
          ← Wallet
        </Link>
        <p className="mt-3 text-sm leading-6 text-slate-600">
          Every movement of your naira and dollar wallets for a period, with opening and closing
          balances, fees and interest. Each statement carries a code anyone can check to confirm it
          came from Ajo.
        </p>
        <form
          onSubmit={submit}
          className="mt-6 space-y-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
          aria-busy={download.isPending}
        >
          <ChoiceGroup
            legend="Period"
            name="period"
            choices={statementPeriodChoices}
            value={choice}
            onChange={setChoice}
          />
          {choice === 'custom' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="From"
                type="date"
                required
                max={custom.to || today}
                value={custom.from}
                onChange={(event) => {
                  setCustom({ ...custom, from: event.target.value });
                }}
              />
              <TextField
                label="To"
                type="date"
                required
                min={custom.from}
                max={today}
                value={custom.to}
                onChange={(event) => {
                  setCustom({ ...custom, to: event.target.value });
                }}
              />
            </div>
          ) : null}
          <p className="text-sm text-slate-600" aria-live="polite">
            {period.from && period.to
              ? `${readable(period.from)} to ${readable(period.to)}`
              : 'Choose both dates'}
            <span className="block text-xs text-slate-500">
              Up to {STATEMENT_MAX_DAYS} days at a time.
            </span>
          </p>
          <ChoiceGroup
            legend="Format"
            name="format"
            choices={formatChoices}
            value={format}
            onChange={setFormat}
          />
          <FormErrorBanner message={download.error?.message} />
          <Button type="submit" isLoading={download.isPending} className="w-full sm:w-auto">
            {download.isPending ? 'Preparing your statement…' : 'Download statement'}
          </Button>
        </form>
        {download.data ? (
          <section
            aria-labelledby="statement-ready-heading"
            className="mt-6 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200 sm:p-6"
          >
            <h2 id="statement-ready-heading" className="text-base font-semibold text-slate-900">
              Your statement is downloading
            </h2>
            <p className="mt-1 text-sm break-all text-slate-700">{download.data.fileName}</p>
            <p className="mt-3 text-sm text-slate-700">
              Verification code{' '}
              <strong className="font-mono text-base tracking-wider" data-testid="statement-code">
                {download.data.code}
              </strong>
            </p>
            <Link
              to={`/statements/verify/${download.data.code}`}
              className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
            >
              See what others see when they check it
            </Link>
          </section>
        ) : null}
      </div>
    </>
  );
}
