import { describe, expect, it } from 'vitest';
import { createListeners } from './listeners.ts';

describe('createListeners', () => {
  it('calls every subscribed listener with the emitted arguments, in subscription order', () => {
    const listeners = createListeners<[name: string, count: number]>();
    const heard: string[] = [];
    listeners.subscribe((name, count) => heard.push(`a ${name} ${count}`));
    listeners.subscribe((name, count) => heard.push(`b ${name} ${count}`));
    listeners.emit('ann', 2);
    expect(heard).toEqual(['a ann 2', 'b ann 2']);
  });

  it('stops calling a listener once it unsubscribed, and keeps the others', () => {
    const listeners = createListeners();
    let first = 0;
    let second = 0;
    const stop = listeners.subscribe(() => (first += 1));
    listeners.subscribe(() => (second += 1));
    listeners.emit();
    stop();
    listeners.emit();
    expect([first, second]).toEqual([1, 2]);
  });

  it('keeps one subscription per listener, like the store it replaced', () => {
    const listeners = createListeners();
    let calls = 0;
    const listener = () => (calls += 1);
    listeners.subscribe(listener);
    const stop = listeners.subscribe(listener);
    listeners.emit();
    stop();
    listeners.emit();
    expect(calls).toBe(1);
  });

  it('works detached from its object, as a store hands it to useSyncExternalStore', () => {
    const { subscribe, emit } = createListeners();
    let calls = 0;
    const stop = subscribe(() => (calls += 1));
    emit();
    stop();
    emit();
    expect(calls).toBe(1);
  });
});
