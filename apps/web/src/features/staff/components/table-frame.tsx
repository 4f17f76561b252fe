import type { ReactNode } from 'react';
import styles from './staff.module.css';

/**
 * A table's frame, which scrolls sideways when the table is wider than the screen (a phone). It takes focus itself
 * (WCAG 2.1.1: the arrow keys scroll it), since the table may have nothing focusable in it, and is named after the
 * table so a screen reader says what it is.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region with no focusable content must take focus itself to be scrolled by keyboard.
    <section className={styles['table-wrap']} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
