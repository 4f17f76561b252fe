import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import styles from './confetti.module.css';

/** Spec section 9: confetti for one second. */
export const CONFETTI_MS = 1000;
const PIECES = 48;
const COLOURS = ['#c9a758', '#1d5240', '#e3eee8', '#b08d3e', '#276a52', '#f5efe2'];

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** A one-second burst of confetti over the page; nothing for visitors who ask for reduced motion. */
export function Confetti() {
  const [visible, setVisible] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(false), CONFETTI_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  // Positions are random once per burst; custom properties are set through the DOM, which the CSP allows.
  const pieces = useMemo(
    () =>
      Array.from({ length: PIECES }, (_, index) => ({
        left: `${Math.random() * 100}%`,
        drift: `${(Math.random() - 0.5) * 12}rem`,
        spin: `${Math.round((Math.random() - 0.5) * 1080)}deg`,
        delay: `${Math.round(Math.random() * 200)}ms`,
        colour: COLOURS[index % COLOURS.length] as string,
      })),
    [],
  );

  if (!visible) return null;
  return (
    <div className={styles.confetti} aria-hidden="true" data-testid="confetti">
      {pieces.map((piece, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never reorder.
          key={index}
          className={styles.piece}
          style={
            {
              left: piece.left,
              background: piece.colour,
              animationDelay: piece.delay,
              '--drift': piece.drift,
              '--spin': piece.spin,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
