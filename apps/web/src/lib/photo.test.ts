import { PHOTO_MAX_BYTES, photoMessages } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { coverCrop, encodeSize } from './photo-canvas.ts';
import { checkPhotoBytes, checkPhotoFile, sniffImageType } from './photo-file.ts';
import { isTransientUploadError, uploadErrorMessage, uploadPercent } from './photo-upload.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('photo type by content', () => {
  it('recognises JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image/webp');
  });

  it('refuses anything else whatever it is called', async () => {
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
    const renamed = new File(['hello, not an image'], 'cat.jpg', { type: 'image/jpeg' });
    expect(await checkPhotoFile(renamed)).toEqual({
      ok: false,
      message: photoMessages.invalidType,
    });
  });

  it('applies the 10 MB limit with the server message', () => {
    const jpeg = bytes(0xff, 0xd8, 0xff);
    expect(checkPhotoBytes(jpeg, PHOTO_MAX_BYTES)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkPhotoBytes(jpeg, PHOTO_MAX_BYTES + 1)).toEqual({
      ok: false,
      message: photoMessages.tooLarge,
    });
    expect(checkPhotoBytes(jpeg, 0)).toEqual({ ok: false, message: photoMessages.invalidFile });
  });
});

describe('cropping and sizing', () => {
  it('cuts a centred 4:5 rectangle from landscape and portrait frames', () => {
    expect(coverCrop(1280, 720, 1080, 1350)).toEqual({ sx: 352, sy: 0, sw: 576, sh: 720 });
    expect(coverCrop(1000, 2000, 1080, 1350)).toEqual({ sx: 0, sy: 375, sw: 1000, sh: 1250 });
    expect(coverCrop(1080, 1350, 1080, 1350)).toEqual({ sx: 0, sy: 0, sw: 1080, sh: 1350 });
  });

  it('shrinks large pictures only as far as they still cover 1080×1350, never enlarges', () => {
    expect(encodeSize(4000, 3000)).toEqual({ width: 1800, height: 1350 });
    expect(encodeSize(3024, 4032)).toEqual({ width: 1080, height: 1440 });
    expect(encodeSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('upload progress and errors', () => {
  it('maps the phases onto 10..50, 90 and 100', () => {
    expect(uploadPercent('preparing')).toBe(10);
    expect(uploadPercent('uploading', 0)).toBe(10);
    expect(uploadPercent('uploading', 0.5)).toBe(30);
    expect(uploadPercent('uploading', 1)).toBe(50);
    expect(uploadPercent('uploading', 7)).toBe(50);
    expect(uploadPercent('processing')).toBe(90);
    expect(uploadPercent('complete')).toBe(100);
  });

  it('shows the server text, else the status', () => {
    expect(
      uploadErrorMessage(400, { success: false, url: null, error: 'File too large (max 10MB)' }),
    ).toBe('File too large (max 10MB)');
    expect(
      uploadErrorMessage(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Invalid file provided' },
      }),
    ).toBe('Invalid file provided');
    expect(uploadErrorMessage(502, null)).toBe('Upload failed with status 502');
    expect(uploadErrorMessage(0, null)).toBe('Upload failed');
  });

  it('retries only network failures and server errors', () => {
    expect(isTransientUploadError(new ApiError('NETWORK_ERROR', 'x', 0))).toBe(true);
    expect(isTransientUploadError(new ApiError('HTTP_503', 'x', 503))).toBe(true);
    expect(isTransientUploadError(new ApiError('VALIDATION_FAILED', 'x', 400))).toBe(false);
    expect(isTransientUploadError(new Error('x'))).toBe(false);
  });
});
