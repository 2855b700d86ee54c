/** Keeps the upload well under the API's 8 MB body limit (spec: the image type is JPEG). */
export const SELFIE_MAX_WIDTH_PX = 1280;
export const SELFIE_JPEG_QUALITY = 0.85;

const JPEG_DATA_URL_PREFIX = 'data:image/jpeg;base64,';

export interface PixelSize {
  width: number;
  height: number;
}

/** Scales a frame down (never up) so it is at most `maxWidth` wide, keeping its proportions. */
export function fitWidth(frame: PixelSize, maxWidth: number): PixelSize {
  if (frame.width <= maxWidth) return { width: frame.width, height: frame.height };
  return { width: maxWidth, height: Math.round((frame.height * maxWidth) / frame.width) };
}

/** The submission carries the base64 text without its data-URL prefix (spec section 3). */
export function jpegBase64FromDataUrl(dataUrl: string): string {
  return dataUrl.startsWith(JPEG_DATA_URL_PREFIX) ? dataUrl.slice(JPEG_DATA_URL_PREFIX.length) : '';
}

/** Draws the current video frame onto a canvas and encodes it as a JPEG data URL. */
export function captureVideoFrame(video: HTMLVideoElement): string | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  const size = fitWidth(
    { width: video.videoWidth, height: video.videoHeight },
    SELFIE_MAX_WIDTH_PX,
  );
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, size.width, size.height);
  const dataUrl = canvas.toDataURL('image/jpeg', SELFIE_JPEG_QUALITY);
  return jpegBase64FromDataUrl(dataUrl) === '' ? null : dataUrl;
}

/** Switches the camera off: every track of the stream stops, and the browser's indicator goes. */
export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => {
    track.stop();
  });
}
