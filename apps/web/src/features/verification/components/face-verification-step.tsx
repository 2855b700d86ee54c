import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';

const instructions = [
  { title: 'Centre your face', detail: 'Hold the phone at eye level with your face in the oval.' },
  { title: 'Use adequate lighting', detail: 'Face a window or a lamp; avoid light behind you.' },
  { title: 'Keep your face unobstructed', detail: 'No sunglasses, hat, face mask or hands.' },
  {
    title: 'Make sure the image is clear',
    detail: 'Hold still so the photo is sharp, not blurred.',
  },
  { title: 'Keep your entire face in the frame', detail: 'From your hairline to your chin.' },
] as const;

function CameraIcon() {
  return (
    <svg
      className="size-5"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 8h3l1.5-2.5h7L17 8h3v11H4V8Z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </svg>
  );
}

interface FaceVerificationStepProps {
  problem: string | null;
  onBack: () => void;
  onOpenCamera: () => void;
}

/** Step 1: what makes a good selfie; the camera itself opens in a dialog. */
export function FaceVerificationStep({ problem, onBack, onOpenCamera }: FaceVerificationStepProps) {
  return (
    <section aria-labelledby="face-verification-heading">
      <h2 id="face-verification-heading" className="text-lg font-semibold text-slate-900">
        Face verification
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        We compare a selfie with the photo on your BVN record. Before you take it:
      </p>
      {problem ? (
        <div className="mt-5">
          <FormErrorBanner message={problem} />
        </div>
      ) : null}
      <ol className="mt-6 space-y-4">
        {instructions.map((instruction, index) => (
          <li key={instruction.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold text-slate-900">{instruction.title}</p>
              <p className="text-sm leading-6 text-slate-600">{instruction.detail}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" className="sm:w-36" onClick={onBack}>
          Back
        </Button>
        <Button size="lg" onClick={onOpenCamera}>
          <CameraIcon />
          Open camera
        </Button>
      </div>
    </section>
  );
}
