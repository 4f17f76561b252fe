// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTENT_EVENTS, preloadOnFirstIntent } from './preload-on-intent';

const stops: Array<() => void> = [];
function start(preload: () => void) {
  stops.push(preloadOnFirstIntent(preload));
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('preloadOnFirstIntent', () => {
  it('waits for an interaction: nothing is preloaded while the page only loads', async () => {
    const preload = vi.fn();
    start(preload);
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preload).not.toHaveBeenCalled();
  });

  it.each(INTENT_EVENTS)('preloads on the first %s, once', (type) => {
    const preload = vi.fn();
    start(preload);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    for (const other of INTENT_EVENTS) document.body.dispatchEvent(new Event(other, { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('hears events that the page stops from bubbling (it listens in the capture phase)', () => {
    const preload = vi.fn();
    start(preload);
    const button = document.createElement('button');
    document.body.append(button);
    button.addEventListener('pointerdown', (event) => event.stopPropagation());
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.remove();
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('preloads nothing once stopped (the page was left before any interaction)', () => {
    const preload = vi.fn();
    preloadOnFirstIntent(preload)();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
  });
});
