import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

type PageFrameProps = {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  /** Narrow card centred on the page under a centred title, for forms such as the PIN and password pages. */
  variant?: 'wide' | 'card';
};

/** A page with a green title band and a content area; the title is the page's one h1. */
export function PageFrame({ title, eyebrow, lead, children, variant = 'wide' }: PageFrameProps) {
  return (
    <div className={variant === 'card' ? styles.centered : undefined}>
      <section className={`on-dark ${styles.band}`}>
        <div className={`container ${styles['band-inner']}`}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
      </section>
      {children ? (
        <div className={`container ${styles.body}`}>
          {variant === 'card' ? (
            <div className={`${styles.narrow} ${styles.card}`}>{children}</div>
          ) : (
            children
          )}
        </div>
      ) : null}
    </div>
  );
}
