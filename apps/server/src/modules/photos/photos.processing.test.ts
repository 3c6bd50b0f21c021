import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_PIXELS, photoMessages } from '@heartline/domain';
import { readImageHeader, sniffImageType } from './photos.image-header.ts';
import {
  createPhotoProcessor,
  inspectUpload,
  PhotoProcessorBusyError,
  processUpload,
} from './photos.processing.ts';
import {
  cameraJpeg,
  expectNoMetadata,
  noisyImage,
  noisyRgb,
  pixelBombPng,
  rotatedJpeg,
  solidPng,
} from './photos.test-support.ts';

describe('reading the header', () => {
  it('tells the type by magic bytes and reads the size of every accepted format', async () => {
    const cases: [Buffer, string][] = [
      [await noisyImage('jpeg', 321, 123), 'jpeg'],
      [
        await sharp(noisyRgb(321, 123), { raw: { width: 321, height: 123, channels: 3 } })
          .jpeg({ progressive: true })
          .toBuffer(),
        'jpeg',
      ],
      [await cameraJpeg({ width: 321, height: 123 }), 'jpeg'],
      [await noisyImage('png', 321, 123), 'png'],
      [await noisyImage('gif', 321, 123), 'gif'],
      [await noisyImage('webp', 321, 123), 'webp'],
      [
        await sharp(noisyRgb(321, 123), { raw: { width: 321, height: 123, channels: 3 } })
          .webp({ lossless: true })
          .toBuffer(),
        'webp',
      ],
      [
        await sharp(await solidPng(321, 123, { alpha: true }))
          .webp()
          .toBuffer(),
        'webp',
      ],
    ];
    for (const [bytes, type] of cases) {
      expect(readImageHeader(bytes)).toEqual({ type, width: 321, height: 123 });
    }
  });

  it('ignores names and declared types: text, SVG, HTML and PDF are not images', () => {
    for (const text of [
      'hello, I am a text file named photo.jpg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      '<!doctype html><script>alert(1)</script>',
      '%PDF-1.7',
      '',
    ]) {
      expect(sniffImageType(Buffer.from(text))).toBeNull();
      expect(() => inspectUpload(Buffer.from(text))).toThrow(
        text === '' ? photoMessages.invalidFile : photoMessages.invalidType,
      );
    }
  });

  it('refuses a header claiming more than PHOTO_MAX_PIXELS before decoding', () => {
    const bomb = pixelBombPng(30000, 30000);
    expect(bomb.length).toBeLessThan(2000);
    expect(readImageHeader(bomb)).toEqual({ type: 'png', width: 30000, height: 30000 });
    expect(() => inspectUpload(bomb)).toThrow(photoMessages.tooManyPixels);
    const side = Math.floor(Math.sqrt(PHOTO_MAX_PIXELS));
    expect(() => inspectUpload(pixelBombPng(side, side))).not.toThrow();
    expect(() => inspectUpload(pixelBombPng(side + 1, side + 1))).toThrow(
      photoMessages.tooManyPixels,
    );
  });

  it('calls a file with the right magic but a damaged header unreadable', async () => {
    expect(() => inspectUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toThrow(
      photoMessages.unreadable,
    );
    const png = await solidPng(10, 10);
    expect(() => inspectUpload(png.subarray(0, 20))).toThrow(photoMessages.unreadable);
  });
});

describe('processing', () => {
  it('strips every piece of metadata from a camera JPEG with GPS, ICC and XMP', async () => {
    const input = await cameraJpeg();
    const gps = (await exifr.gps(input)) as { latitude: number; longitude: number } | undefined;
    expect(gps?.latitude).toBeCloseTo(52.52, 1);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.icc).toBeDefined();
    expect(inputMeta.xmp).toBeDefined();

    const out = await processUpload(input);
    await expectNoMetadata(out.main);
    for (const a of out.avatars) await expectNoMetadata(a.bytes);
  });

  it('makes a 1080×1350 WebP and square 64/128/256 avatars from any accepted format', async () => {
    const inputs = [
      await cameraJpeg({ width: 4000, height: 3000 }),
      await noisyImage('png', 300, 200),
      await noisyImage('gif', 200, 300),
      await noisyImage('webp', 1200, 1200),
      await solidPng(500, 700, { alpha: true }),
      await sharp(noisyRgb(200, 200), { raw: { width: 200, height: 200, channels: 3 } })
        .toColourspace('b-w')
        .png()
        .toBuffer(),
      await sharp(noisyRgb(200, 200), { raw: { width: 200, height: 200, channels: 3 } })
        .toColourspace('rgb16')
        .png()
        .toBuffer(),
      await sharp(noisyRgb(200, 200), { raw: { width: 200, height: 200, channels: 3 } })
        .toColourspace('cmyk')
        .jpeg()
        .toBuffer(),
    ];
    for (const input of inputs) {
      const out = await processUpload(input);
      const main = await sharp(out.main).metadata();
      expect([main.format, main.width, main.height]).toEqual(['webp', 1080, 1350]);
      expect(out.avatars.map((a) => a.size)).toEqual([64, 128, 256]);
      for (const a of out.avatars) {
        const m = await sharp(a.bytes).metadata();
        expect([m.format, m.width, m.height]).toEqual(['webp', a.size, a.size]);
      }
    }
  });

  it('turns the picture upright by its EXIF orientation before cropping', async () => {
    const out = await processUpload(await rotatedJpeg());
    const { data, info } = await sharp(out.main).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const [topR, , topB] = pixel(540, 200);
    const [bottomR, , bottomB] = pixel(540, 1150);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('refuses a truncated image as unreadable', async () => {
    const jpeg = await cameraJpeg({ width: 400, height: 300 });
    await expect(processUpload(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toThrow(
      photoMessages.unreadable,
    );
  });

  it('refuses a pixel bomb quickly and without allocating its pixels', async () => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await expect(processUpload(pixelBombPng(30000, 30000))).rejects.toThrow(
      photoMessages.tooManyPixels,
    );
    expect(performance.now() - started).toBeLessThan(500);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('the processor queue', () => {
  it('processes a fixed number at once and refuses with 503 when too many wait', async () => {
    const processor = createPhotoProcessor({ concurrency: 1, maxWaiting: 1 });
    const input = await noisyImage('png', 200, 200);
    const first = processor.process(input);
    const second = processor.process(input);
    expect(processor.load).toBe(2);
    const third = processor.process(input);
    await expect(third).rejects.toBeInstanceOf(PhotoProcessorBusyError);
    await expect(third).rejects.toMatchObject({ statusCode: 503 });
    await Promise.all([first, second]);
    expect(processor.load).toBe(0);
  });

  it('refuses a non-image before it waits for a slot', async () => {
    const processor = createPhotoProcessor({ concurrency: 1, maxWaiting: 0 });
    const busy = processor.process(await noisyImage('png', 200, 200));
    await expect(processor.process(Buffer.from('not an image'))).rejects.toThrow(
      photoMessages.invalidType,
    );
    await busy;
  });
});
