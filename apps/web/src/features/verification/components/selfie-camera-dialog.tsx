import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { captureVideoFrame, jpegBase64FromDataUrl, stopStream } from './selfie-image.ts';

const titleClassName = 'pr-10 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl';
const descriptionClassName = 'mt-1.5 text-sm leading-6 text-slate-600';
/** The front camera is shown mirrored, as people expect to see themselves. */
const frameClassName =
  'relative mt-5 aspect-[4/3] w-full overflow-hidden rounded-2xl bg-slate-900 ring-1 ring-slate-900/10';

/** An oval that shows where the face goes; the area around it is dimmed. */
function FaceGuide() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 flex items-center justify-center"
    >
      <div className="aspect-[3/4] h-[82%] rounded-[50%] border-2 border-dashed border-white/85 shadow-[0_0_0_100vmax_rgb(15_23_42/0.35)]" />
    </div>
  );
}

interface LiveCameraProps {
  titleId: string;
  descriptionId: string;
  onCapture: (dataUrl: string) => void;
  onCameraError: () => void;
}

/**
 * The live preview: the front camera starts when this appears and every track stops when a
 * selfie is captured or the preview goes away (dialog closed, page left).
 */
function LiveCamera({ titleId, descriptionId, onCapture, onCameraError }: LiveCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onCameraErrorRef = useRef(onCameraError);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    onCameraErrorRef.current = onCameraError;
  }, [onCameraError]);

  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user' },
          audio: false,
        });
        if (cancelled) {
          stopStream(stream);
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) video.srcObject = stream;
      } catch {
        // Denied, no camera, or no camera API (an insecure page): the caller tells the person.
        if (!cancelled) onCameraErrorRef.current();
      }
    };
    void start();
    return () => {
      cancelled = true;
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  const capture = () => {
    const video = videoRef.current;
    if (!video) return;
    const dataUrl = captureVideoFrame(video);
    if (dataUrl === null) return;
    stopStream(streamRef.current);
    streamRef.current = null;
    video.srcObject = null;
    onCapture(dataUrl);
  };

  return (
    <div>
      <h2
        id={titleId}
        tabIndex={-1}
        data-autofocus=""
        className={`${titleClassName} focus:outline-none`}
      >
        Take a selfie
      </h2>
      <p id={descriptionId} className={descriptionClassName}>
        Centre your face in the oval, look at the camera and hold still.
      </p>
      <div className={frameClassName}>
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          onPlaying={() => {
            setReady(true);
          }}
          className="size-full -scale-x-100 object-cover"
        />
        {ready ? (
          <FaceGuide />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
            <Spinner className="size-8" />
            <p className="text-sm font-medium">Starting your camera…</p>
          </div>
        )}
      </div>
      <Button size="lg" className="mt-6 w-full" disabled={!ready} onClick={capture}>
        Capture Selfie
      </Button>
    </div>
  );
}

interface SelfiePreviewProps {
  titleId: string;
  descriptionId: string;
  dataUrl: string;
  isSubmitting: boolean;
  onRetake: () => void;
  onVerify: () => void;
}

function SelfiePreview(props: SelfiePreviewProps) {
  const { titleId, descriptionId, dataUrl, isSubmitting, onRetake, onVerify } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div>
      <h2
        ref={headingRef}
        id={titleId}
        tabIndex={-1}
        className={`${titleClassName} focus:outline-none`}
      >
        Check your selfie
      </h2>
      <p id={descriptionId} className={descriptionClassName}>
        Is your whole face clear, well lit and unobstructed? If not, take it again.
      </p>
      <div className={frameClassName}>
        <img src={dataUrl} alt="Your selfie" className="size-full -scale-x-100 object-cover" />
      </div>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" disabled={isSubmitting} onClick={onRetake}>
          Retake
        </Button>
        {isSubmitting ? (
          <div className="flex h-12 items-center justify-center text-brand-600">
            <Spinner label="Submitting your verification" className="size-7" />
          </div>
        ) : (
          <Button size="lg" onClick={onVerify}>
            Verify
          </Button>
        )}
      </div>
    </div>
  );
}

interface SelfieCameraProps {
  titleId: string;
  descriptionId: string;
  isSubmitting: boolean;
  onCameraError: () => void;
  onSubmit: (selfieBase64: string) => void;
}

/** Live camera first; after Capture Selfie, the photo with Retake and Verify. */
function SelfieCamera(props: SelfieCameraProps) {
  const { titleId, descriptionId, isSubmitting, onCameraError, onSubmit } = props;
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  if (dataUrl === null) {
    return (
      <LiveCamera
        titleId={titleId}
        descriptionId={descriptionId}
        onCapture={setDataUrl}
        onCameraError={onCameraError}
      />
    );
  }
  return (
    <SelfiePreview
      titleId={titleId}
      descriptionId={descriptionId}
      dataUrl={dataUrl}
      isSubmitting={isSubmitting}
      onRetake={() => {
        setDataUrl(null);
      }}
      onVerify={() => {
        onSubmit(jpegBase64FromDataUrl(dataUrl));
      }}
    />
  );
}

interface SelfieCameraDialogProps {
  open: boolean;
  isSubmitting: boolean;
  onRequestClose: () => void;
  onCameraError: () => void;
  onSubmit: (selfieBase64: string) => void;
}

/** The camera sits in a modal dialog (spec section 2); its content starts afresh on each opening. */
export function SelfieCameraDialog(props: SelfieCameraDialogProps) {
  const { open, isSubmitting, onRequestClose, onCameraError, onSubmit } = props;
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalDialog
      open={open}
      size="lg"
      onRequestClose={() => {
        // The answer is on its way; closing now would hide the spinner, not stop the request.
        if (!isSubmitting) onRequestClose();
      }}
      labelledBy={titleId}
      describedBy={descriptionId}
      closeLabel="Close camera"
    >
      <SelfieCamera
        titleId={titleId}
        descriptionId={descriptionId}
        isSubmitting={isSubmitting}
        onCameraError={onCameraError}
        onSubmit={onSubmit}
      />
    </ModalDialog>
  );
}
