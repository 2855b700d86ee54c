import { useQueryClient } from '@tanstack/react-query';
import { verificationMessages } from '@ajo/contracts/verification';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast.ts';
import { BrandLogo } from '../../../components/brand/brand-logo.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAccountLevel } from '../../../lib/account-level-query.ts';
import { currentUserQueryKey, useCurrentUser } from '../../../lib/current-user.ts';
import {
  useSubmitAccountVerification,
  type IdentityDetails,
} from '../api/submit-account-verification.ts';
import { BvnModalHost } from '../components/bvn-modal.tsx';
import { BVN_PANEL_ID } from '../../../lib/bvn-panel.ts';
import { FaceVerificationStep } from '../components/face-verification-step.tsx';
import { IdentityDetailsForm } from '../components/identity-details-form.tsx';
import { SelfieCameraDialog } from '../components/selfie-camera-dialog.tsx';
import { VerificationProgress } from '../components/verification-progress.tsx';

/** Spec section 9: Home after 2 s; the verification toasts close after 1 s. */
const REDIRECT_AFTER_SUBMIT_MS = 2000;
const VERIFICATION_TOAST_MS = 1000;

const CAMERA_PROBLEM =
  'We could not use your camera. Allow camera access for this site in your browser settings, then choose Open camera.';

type Stage = 'details' | 'selfie' | 'submitted';

const stageNumber: Record<Stage, number> = { details: 0, selfie: 1, submitted: 2 };

function SubmittedNotice() {
  return (
    <div role="status" className="flex flex-col items-center py-8 text-center">
      <Spinner className="size-8 text-brand-600" />
      <p className="mt-4 text-lg font-semibold text-slate-900">Verification submitted</p>
      <p className="mt-1 text-sm text-slate-600">
        Most checks finish in seconds, and we will notify you of the result. Taking you Home…
      </p>
    </div>
  );
}

/**
 * /verify-account (spec sections 2 and 4): step 0 collects the identity details, step 1 takes a
 * selfie in a camera dialog and submits both; success goes Home after two seconds.
 */
export function VerifyAccountPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const level = useAccountLevel();
  const [, setSearchParams] = useSearchParams();
  const submission = useSubmitAccountVerification();
  const [stage, setStage] = useState<Stage>('details');
  const [details, setDetails] = useState<IdentityDetails | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current);
    },
    [],
  );

  const registeredPhone = user && /^\d{10}$/.test(user.phone) ? user.phone : '';
  const formValues = details ?? { phone: registeredPhone, address: '', date_of_birth: '' };
  // Unknown while the level loads or if it cannot: the server still checks the BVN on submit.
  const maskedBvn = level.isSuccess ? level.data.bvn : undefined;

  const openCamera = () => {
    setProblem(null);
    setCameraOpen(true);
  };

  const openBvnStep = () => {
    setSearchParams({ a: BVN_PANEL_ID });
  };

  /** The selfie is compared with the BVN photo: without a verified BVN the BVN step comes first. */
  const continueToSelfie = (values: IdentityDetails) => {
    setDetails(values);
    if (maskedBvn === null) {
      openBvnStep();
      return;
    }
    setStage('selfie');
    openCamera();
  };

  const reportCameraProblem = () => {
    setCameraOpen(false);
    setProblem(CAMERA_PROBLEM);
    toast.error(verificationMessages.cameraDenied, { duration: VERIFICATION_TOAST_MS });
  };

  const submitSelfie = (selfieBase64: string) => {
    if (!details) return;
    submission.mutate(
      { details, selfieBase64 },
      {
        onSuccess: () => {
          setCameraOpen(false);
          setStage('submitted');
          toast.success(verificationMessages.submitted, { duration: VERIFICATION_TOAST_MS });
          // Marked stale only: a refetch now would let the route's guard leave before 2 s.
          void queryClient.invalidateQueries({
            queryKey: currentUserQueryKey,
            refetchType: 'none',
          });
          redirectTimer.current = setTimeout(() => {
            void navigate('/');
          }, REDIRECT_AFTER_SUBMIT_MS);
        },
        onError: (error) => {
          setCameraOpen(false);
          setProblem(error.message);
          toast.error(`error : ${error.message}`, { duration: VERIFICATION_TOAST_MS });
        },
      },
    );
  };

  return (
    <div className="min-h-dvh">
      <title>Verify Account · Ajo</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
          <Link to="/" aria-label="Ajo home" className="rounded-lg">
            <BrandLogo />
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Verify Account
        </h1>
        <p className="mt-2 max-w-2xl text-base leading-7 text-slate-600">
          Confirm your identity to unlock higher deposit and balance limits. It takes about two
          minutes.
        </p>
        <div className="mt-8 grid gap-6 desktop:grid-cols-[16rem_minmax(0,1fr)] desktop:items-start desktop:gap-10">
          <VerificationProgress currentStep={stageNumber[stage]} />
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-8">
            {stage === 'details' ? (
              <IdentityDetailsForm
                defaultValues={formValues}
                maskedBvn={maskedBvn}
                onVerifyBvn={openBvnStep}
                onBack={() => {
                  void navigate('/');
                }}
                onNext={continueToSelfie}
              />
            ) : null}
            {stage === 'selfie' ? (
              <FaceVerificationStep
                problem={problem}
                onBack={() => {
                  setCameraOpen(false);
                  setProblem(null);
                  setStage('details');
                }}
                onOpenCamera={openCamera}
              />
            ) : null}
            {stage === 'submitted' ? <SubmittedNotice /> : null}
          </div>
        </div>
      </main>
      <BvnModalHost
        opensByItself={false}
        onDone={() => {
          // Details already given: the selfie step is next (the camera opens from there).
          if (details) setStage('selfie');
        }}
      />
      <SelfieCameraDialog
        open={cameraOpen}
        isSubmitting={submission.isPending}
        onRequestClose={() => {
          setCameraOpen(false);
        }}
        onCameraError={reportCameraProblem}
        onSubmit={submitSelfie}
      />
    </div>
  );
}
