import { classNames } from '../../../lib/class-names.ts';

const steps = [
  { title: 'Personal details', detail: 'BVN, phone, address and date of birth' },
  { title: 'Face verification', detail: 'A selfie to match your BVN photo' },
] as const;

function TickIcon() {
  return (
    <svg
      className="size-4"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

interface VerificationProgressProps {
  /** 0 for the details, 1 for the selfie, 2 once submitted. */
  currentStep: number;
}

/** Where the person is in the two steps: side by side on phones, a column on wide screens. */
export function VerificationProgress({ currentStep }: VerificationProgressProps) {
  return (
    <nav aria-label="Verification steps">
      <ol className="grid grid-cols-2 gap-3 desktop:grid-cols-1 desktop:gap-0">
        {steps.map((step, index) => {
          const done = index < currentStep;
          const current = index === currentStep;
          return (
            <li
              key={step.title}
              aria-current={current ? 'step' : undefined}
              className={classNames(
                'flex items-start gap-3 rounded-2xl p-3 ring-1 ring-inset desktop:rounded-none desktop:p-0 desktop:ring-0',
                current ? 'bg-white ring-brand-200 desktop:bg-transparent' : 'ring-slate-200',
                index === 0 && 'desktop:pb-8',
              )}
            >
              <span
                className={classNames(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                  done && 'bg-accent-600 text-white',
                  current && 'bg-brand-600 text-white',
                  !done && !current && 'bg-slate-200 text-slate-600',
                )}
              >
                {done ? <TickIcon /> : index + 1}
                <span className="sr-only">{done ? ' (done)' : ''}</span>
              </span>
              <span className="min-w-0">
                <span
                  className={classNames(
                    'block text-sm font-semibold',
                    current || done ? 'text-slate-900' : 'text-slate-600',
                  )}
                >
                  {step.title}
                </span>
                <span className="mt-0.5 hidden text-sm leading-5 text-slate-600 sm:block">
                  {step.detail}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
