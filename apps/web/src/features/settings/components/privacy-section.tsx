import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  closeAccountBodySchema,
  EXPORT_RETENTION_DAYS,
  type DataExport,
} from '@ajo/contracts/privacy';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { useCloseAccount } from '../api/close-account.ts';
import { dataExportDownloadUrl, useDataExports } from '../api/get-data-exports.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';

type CloseInput = z.input<typeof closeAccountBodySchema>;
type CloseOutput = z.output<typeof closeAccountBodySchema>;

const statusText: Record<DataExport['status'], string> = {
  preparing: 'Being prepared',
  ready: 'Ready',
  expired: 'Expired',
  failed: 'Could not be prepared',
};

function ExportRow({ item }: { item: DataExport }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <div>
        <p className="font-medium text-slate-900">
          Requested {formatLagosDateTime(item.requested_at)}
        </p>
        <p className="text-slate-600">
          {statusText[item.status]}
          {item.status === 'ready' && item.expires_at
            ? ` · available until ${formatLagosDateTime(item.expires_at)}`
            : ''}
        </p>
      </div>
      {item.status === 'ready' ? (
        <a
          href={dataExportDownloadUrl(item.id)}
          download
          className={buttonClassName('secondary', 'sm')}
        >
          Download
        </a>
      ) : item.status === 'preparing' ? (
        <Spinner label="Being prepared" className="size-4" />
      ) : null}
    </li>
  );
}

function DownloadMyData() {
  const { data, isPending } = useDataExports();
  const request = useRequestDataExport();
  const preparing = data?.items.some((item) => item.status === 'preparing') ?? false;
  return (
    <section aria-labelledby="export-heading" className="space-y-4">
      <div>
        <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
          Download my data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A copy of everything we hold about you: your profile, verification status (BVN masked),
          bank accounts, transactions, savings, investments, bills, notifications and sign-ins, as
          one JSON file. We prepare it in the background and email you when it is ready; it can be
          downloaded for {EXPORT_RETENTION_DAYS} days.
        </p>
      </div>
      <FormErrorBanner message={request.error?.message} />
      <Button
        isLoading={request.isPending}
        disabled={preparing}
        onClick={() => {
          request.mutate(undefined, {
            onSuccess: () => {
              toast.success('We are preparing your data. We will email you when it is ready.');
            },
          });
        }}
      >
        {preparing ? 'Preparing your data…' : 'Request my data'}
      </Button>
      {isPending ? null : data && data.items.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label="Data exports">
          {data.items.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function CloseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = useCloseAccount();
  const form = useForm<CloseInput, unknown, CloseOutput>({
    resolver: zodResolver(closeAccountBodySchema),
    defaultValues: { password: '' },
  });
  const { error } = close;
  const reasons =
    isApiError(error) && error.code === 'account_not_empty' ? error.errors : undefined;
  const passwordError =
    form.formState.errors.password?.message ??
    (isApiError(error) && error.code === 'invalid_credentials' ? error.message : undefined);
  const onSubmit = form.handleSubmit((values) => {
    close.mutate(values, {
      onSuccess: () => {
        queryClient.clear();
        toast.success('Your account is closed.');
        void navigate('/login', { replace: true });
      },
    });
  });
  return (
    <ModalDialog
      open={open}
      onRequestClose={onClose}
      labelledBy="close-account-heading"
      describedBy="close-account-what-happens"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4 p-6">
        <h2 id="close-account-heading" className="text-lg font-semibold text-slate-900">
          Close your account?
        </h2>
        <div id="close-account-what-happens" className="space-y-2 text-sm text-slate-700">
          <p>This cannot be undone. When your account closes:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>every device is signed out and you cannot sign in again;</li>
            <li>
              your name, email, phone, BVN, date of birth, selfie, address and bank account details
              are erased;
            </li>
            <li>
              records of past payments are kept without your name or contact details for 5 years, as
              the law requires, then deleted;
            </li>
            <li>you can register again later with the same email.</li>
          </ul>
          <p>Your wallets must be empty and your savings and investments closed first.</p>
        </div>
        {reasons && reasons.length > 0 ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3">
            <p className="text-sm font-semibold text-red-800">Your account cannot be closed yet:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-red-800">
              {reasons.map((reason) => (
                <li key={`${reason.path}:${reason.message}`}>{reason.message}</li>
              ))}
            </ul>
          </div>
        ) : error && !passwordError ? (
          <FormErrorBanner message={error.message} />
        ) : null}
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={passwordError}
          {...form.register('password', {
            onChange: () => {
              close.reset();
            },
          })}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" isLoading={close.isPending}>
            Close my account
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The user's own data (NDPA 2023): a copy of it, and closing the account. */
export function PrivacySection() {
  const [closing, setClosing] = useState(false);
  return (
    <div className="space-y-10">
      <DownloadMyData />
      <section
        aria-labelledby="close-heading"
        className="space-y-4 rounded-2xl border border-red-200 bg-white p-5"
      >
        <div>
          <h2 id="close-heading" className="text-lg font-semibold text-slate-900">
            Close my account
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Erase your personal data and close your Ajo account. Withdraw your money and close your
            savings and investments first.
          </p>
        </div>
        <Button
          variant="danger"
          onClick={() => {
            setClosing(true);
          }}
        >
          Close my account
        </Button>
      </section>
      <CloseAccountDialog
        open={closing}
        onClose={() => {
          setClosing(false);
        }}
      />
    </div>
  );
}
