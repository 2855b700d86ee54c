import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { toast } from './toast.ts';
import { CheckIcon, CopyIcon } from '../wallet/wallet-icons.tsx';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_FEEDBACK_MS = 2_500;

interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for screen readers and the failure message: "reference", "receipt". */
  what: string;
  /** The visible label; "Copy" when left out. */
  label?: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  /** The look once copied, when it differs (a primary button calms down to secondary). */
  copiedVariant?: 'secondary' | 'ghost';
  className?: string;
}

/** Copies a value and says so for a moment, on screen and to screen readers. */
export function CopyButton({
  value,
  what,
  label = 'Copy',
  variant = 'ghost',
  copiedVariant,
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_FEEDBACK_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(`We could not copy the ${what}. Select it and copy it yourself.`);
    }
  };

  return (
    <>
      <Button
        variant={copied ? (copiedVariant ?? variant) : variant}
        size="sm"
        className={className}
        onClick={() => {
          void copy();
        }}
      >
        {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {copied ? 'Copied' : label}
        {/* A bare "Copy" says what it copies to screen readers: "Copy reference". */}
        {copied || label !== 'Copy' ? null : <span className="sr-only"> {what}</span>}
      </Button>
      <span role="status" className="sr-only">
        {copied ? `${what.charAt(0).toUpperCase()}${what.slice(1)} copied` : ''}
      </span>
    </>
  );
}
