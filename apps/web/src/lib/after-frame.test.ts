import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from './after-frame.ts';

describe('afterNextFrame', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => {};
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task of its own after the next frame, once', () => {
    const fn = vi.fn();
    afterNextFrame(fn);
    vi.advanceTimersByTime(10);
    expect(fn).not.toHaveBeenCalled();
    for (const frame of frames) frame(16);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs in a hidden tab, which draws no frame', () => {
    const fn = vi.fn();
    afterNextFrame(fn);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(fn).toHaveBeenCalledTimes(1);
    for (const frame of frames) frame(200);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
