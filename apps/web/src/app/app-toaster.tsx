import { Toaster } from '../components/ui/toast.ts';

export const TOAST_DURATION_MS = 5000;

/** The toaster of the whole app: top right, 5 s, with a close button. */
export default function AppToaster() {
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />;
}
