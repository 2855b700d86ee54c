import { describe, expect, it } from 'vitest';
import { fitWidth, jpegBase64FromDataUrl, SELFIE_MAX_WIDTH_PX } from './selfie-image.ts';

describe('fitWidth', () => {
  it('when the camera frame is wider than 1280 px, then it is scaled down in proportion', () => {
    expect(fitWidth({ width: 1920, height: 1080 }, SELFIE_MAX_WIDTH_PX)).toEqual({
      width: 1280,
      height: 720,
    });
  });

  it('when the frame is already small enough, then it keeps its size', () => {
    expect(fitWidth({ width: 640, height: 480 }, SELFIE_MAX_WIDTH_PX)).toEqual({
      width: 640,
      height: 480,
    });
  });
});

describe('jpegBase64FromDataUrl', () => {
  it('when the data URL is a JPEG, then only the base64 text is kept', () => {
    expect(jpegBase64FromDataUrl('data:image/jpeg;base64,/9j/4AAQSkZJRg==')).toBe(
      '/9j/4AAQSkZJRg==',
    );
  });

  it('when the canvas could not encode a JPEG, then nothing is kept', () => {
    expect(jpegBase64FromDataUrl('data:,')).toBe('');
    expect(jpegBase64FromDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('');
  });
});
