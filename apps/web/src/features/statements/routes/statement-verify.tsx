import { useId, useState, type DragEvent, type SyntheticEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BrandLogo } from '../../../components/brand/brand-logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useStatementCode } from '../api/verify-statement-code.ts';
import { useVerifyStatementFile } from '../api/verify-statement-file.ts';
import { VerificationResult } from '../components/verification-result.tsx';

function CodeAnswer({ code }: { code: string }) {
  const checked = useStatementCode(code);
  if (checked.isPending) return <p className="text-sm text-slate-600">Checking {code}…</p>;
  if (checked.isError) {
    return (
      <VerificationResult
        ok={false}
        title="Not a statement issued by Ajo"
        detail={checked.error.message}
        statement={null}
      />
    );
  }
  return (
    <VerificationResult
      ok
      title="Genuine Ajo statement"
      detail="Ajo issued a statement with this code. To be sure its contents were not changed, check the file itself below."
      statement={checked.data.statement}
    />
  );
}

function FileCheck({ code }: { code: string | undefined }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const verify = useVerifyStatementFile();

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    verify.reset();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file) verify.mutate({ file, code });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-busy={verify.isPending}>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => {
          setDragging(false);
        }}
        onDrop={drop}
        className={classNames(
          'flex min-h-28 cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-4 py-6 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
        )}
      >
        <span className="font-semibold text-brand-700">Choose the statement file</span>
        <span className="mt-1 text-slate-600">or drop it here (PDF or CSV)</span>
        {file ? <span className="mt-2 break-all text-slate-900">{file.name}</span> : null}
        <input
          id={inputId}
          type="file"
          accept=".pdf,.csv,application/pdf,text/csv"
          className="sr-only"
          onChange={(event) => {
            choose(event.target.files?.[0]);
          }}
        />
      </label>
      <FormErrorBanner message={verify.error?.message} />
      <Button type="submit" variant="secondary" disabled={!file} isLoading={verify.isPending}>
        Check the file
      </Button>
      {verify.data ? (
        <VerificationResult
          ok={verify.data.unaltered}
          title={verify.data.unaltered ? 'Unaltered' : 'Altered or not issued by Ajo'}
          detail={
            verify.data.unaltered
              ? 'This file is exactly as Ajo issued it.'
              : verify.data.statement
                ? 'This file is not the one Ajo issued under this code: it was changed after it was issued. Do not rely on it.'
                : 'This file is not one Ajo issued: it was changed after it was issued, or it never came from Ajo. Do not rely on it.'
          }
          statement={verify.data.statement}
        />
      ) : null}
      <p className="text-xs text-slate-500">
        The file stays on your device: only its fingerprint (SHA-256) is sent.
      </p>
    </form>
  );
}

/**
 * Public: anyone given an Ajo statement (a landlord, an embassy, a lender) checks its code, and
 * the file itself, without an account.
 */
export function StatementVerifyPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code ?? '');

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = typed.trim();
    if (cleaned) void navigate(`/statements/verify/${encodeURIComponent(cleaned)}`);
  };

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Check a statement · Ajo</title>
      <Link to="/" aria-label="Ajo home" className="inline-flex rounded-lg">
        <BrandLogo />
      </Link>
      <h1 className="mt-8 text-2xl font-bold tracking-tight text-slate-900">
        Check an Ajo statement
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        Every statement Ajo issues carries a verification code at the foot of each page. Enter it to
        see whether the statement is genuine, and check the file to see that nothing in it was
        changed.
      </p>
      <form onSubmit={submit} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Verification code"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          spellCheck={false}
          className="flex-1"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
        />
        <Button type="submit">Check code</Button>
      </form>
      <div className="mt-6 space-y-8">
        {code ? <CodeAnswer code={code} /> : null}
        <section aria-labelledby="file-check-heading">
          <h2 id="file-check-heading" className="text-base font-semibold text-slate-900">
            Check the file
          </h2>
          <div className="mt-3">
            <FileCheck code={code} />
          </div>
        </section>
      </div>
    </main>
  );
}
