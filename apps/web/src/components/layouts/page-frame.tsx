import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

type PageFrameProps = {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  /** Narrow centred card, for forms such as the login and PIN pages. */
  variant?: 'wide' | 'card';
  align?: 'start' | 'center';
};

/** A page with a green title band and a content area; the title is the page's one h1. */
export function PageFrame({
  title,
  eyebrow,
  lead,
  children,
  variant = 'wide',
  align = 'start',
}: PageFrameProps) {
  return (
    <div className={align === 'center' ? styles.centered : undefined}>
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
