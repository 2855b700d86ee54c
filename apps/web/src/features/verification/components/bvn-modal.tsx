import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCreateVirtualAccount } from '../api/create-virtual-account.ts';
import { useVerifyBvn } from '../api/verify-bvn.ts';
import { BVN_PANEL_ID } from '../../../lib/bvn-panel.ts';
import {
  FUND_ACCOUNT_PANEL_ID,
  forgetCreatedAccount,
  needsVirtualAccount,
  readBvnModalDismissed,
  rememberBvnModalDismissed,
  storeCreatedAccount,
} from './bvn-modal-storage.ts';
import {
  BvnVerifiedStep,
  ConfirmDetailsStep,
  EnterBvnStep,
  VerifyingBvnStep,
  type BvnDetails,
} from './bvn-steps.tsx';

type Step =
  | { name: 'enter' }
  | { name: 'verifying' }
  | { name: 'confirm'; details: BvnDetails }
  | { name: 'verified' };

interface BvnModalHostProps {
  /** Off where the page itself asks for the BVN step (the verification page). */
  opensByItself?: boolean;
  /** Done's next step; by default the fund-account panel opens. */
  onDone?: () => void;
}

/**
 * The BVN modal (spec section 2): it opens by itself while the signed-in user has no funding
 * account (empty virtual account id and reference). Once closed it stays closed for the rest of
 * the browser session; `?a=bvn` opens it again. Steps: enter the BVN, wait for the registry,
 * confirm the names, then "BVN verified", whose Done opens the fund-account panel.
 */
export function BvnModalHost({ opensByItself: mayOpenByItself = true, onDone }: BvnModalHostProps) {
  const { data: user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const panel = searchParams.get('a');
  const verify = useVerifyBvn();
  const create = useCreateVirtualAccount();

  const [step, setStep] = useState<Step>({ name: 'enter' });
  const [bvn, setBvn] = useState('');
  const [dismissed, setDismissed] = useState(readBvnModalDismissed);
  const [closeRequested, setCloseRequested] = useState(false);
  // Set when the modal was closed while ?a=bvn was in the URL, until the URL drops it.
  const [ignoreBvnParam, setIgnoreBvnParam] = useState(false);
  if (ignoreBvnParam && panel !== BVN_PANEL_ID) setIgnoreBvnParam(false);

  // Answers that arrive after the modal was closed belong to an abandoned attempt.
  const attempt = useRef(0);
  const openFundAccountWhenClosed = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  const missingAccount = needsVirtualAccount(user);
  const askedFor = panel === BVN_PANEL_ID && !ignoreBvnParam;
  // Another panel (notifications, fund account) goes first; the modal waits for it to close.
  const opensByItself = mayOpenByItself && !dismissed && panel === null;
  // Once a BVN is on its way the modal stays until closed, even after the account appears.
  const open =
    !closeRequested && (step.name !== 'enter' || (missingAccount && (askedFor || opensByItself)));

  const requestClose = () => {
    attempt.current += 1;
    setCloseRequested(true);
    if (step.name !== 'verified') {
      rememberBvnModalDismissed();
      setDismissed(true);
    }
    if (panel === BVN_PANEL_ID) {
      setIgnoreBvnParam(true);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('a');
          next.delete('type');
          return next;
        },
        { replace: true },
      );
    }
  };

  const handleClosed = () => {
    forgetCreatedAccount();
    setCloseRequested(false);
    setStep({ name: 'enter' });
    setBvn('');
    verify.reset();
    create.reset();
    if (openFundAccountWhenClosed.current) {
      openFundAccountWhenClosed.current = false;
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('a', FUND_ACCOUNT_PANEL_ID);
        next.delete('type');
        return next;
      });
    }
  };

  const startVerification = (typedBvn: string) => {
    const current = attempt.current;
    setBvn(typedBvn);
    setStep({ name: 'verifying' });
    verify.mutate(typedBvn, {
      onSuccess: (details) => {
        if (attempt.current === current) setStep({ name: 'confirm', details });
      },
      onError: () => {
        if (attempt.current === current) setStep({ name: 'enter' });
      },
    });
  };

  const confirmDetails = (details: BvnDetails) => {
    const current = attempt.current;
    create.mutate(
      {
        firstName: user?.first_name ?? details.firstname,
        lastName: user?.last_name ?? details.lastname,
        bvn,
      },
      {
        onSuccess: (created) => {
          storeCreatedAccount(created);
          if (attempt.current === current) setStep({ name: 'verified' });
        },
        // The spec shows no message here: the loading indicator stops and the button returns.
      },
    );
  };

  const finish = () => {
    if (onDone) onDone();
    else openFundAccountWhenClosed.current = true;
    requestClose();
  };

  const ids = { titleId, descriptionId };
  const registeredName = user ? `${user.first_name} ${user.last_name}`.trim() : '';

  return (
    <ModalDialog
      open={open}
      onRequestClose={requestClose}
      onClosed={handleClosed}
      labelledBy={titleId}
      describedBy={descriptionId}
      closeLabel="Close BVN verification"
    >
      {step.name === 'enter' ? (
        <EnterBvnStep
          {...ids}
          initialBvn={bvn}
          registeredName={registeredName}
          serverError={verify.error?.message}
          onEdit={() => {
            if (verify.isError) verify.reset();
          }}
          onVerify={startVerification}
        />
      ) : null}
      {step.name === 'verifying' ? <VerifyingBvnStep {...ids} /> : null}
      {step.name === 'confirm' ? (
        <ConfirmDetailsStep
          {...ids}
          details={step.details}
          isCreating={create.isPending}
          onConfirm={() => {
            confirmDetails(step.details);
          }}
        />
      ) : null}
      {step.name === 'verified' ? <BvnVerifiedStep {...ids} onDone={finish} /> : null}
    </ModalDialog>
  );
}
