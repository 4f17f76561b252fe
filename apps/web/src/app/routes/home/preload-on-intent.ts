// Any sign of a person at the page: a pointer moving or pressed, a key, a touch, a scroll.
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * Runs `preload` once, at the visitor's first interaction with the page, for code that is only wanted after one.
 * Fetching and evaluating it on idle instead lands in the middle of a phone's start-up, as more long tasks.
 * Returns the clean-up for an effect: a page left before any interaction preloads nothing.
 */
export function preloadOnFirstIntent(preload: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, run, options);
  };
  function run() {
    stop();
    preload();
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, run, options);
  return stop;
}
