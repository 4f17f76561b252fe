import { type ReactNode, useId } from 'react';
import styles from './step-section.module.css';

type StepSectionProps = {
  number: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
};

/** One numbered part of a booking step ('Add your golfers', 'Choose your courses', ...). */
export function StepSection({ number, title, description, children, id }: StepSectionProps) {
  const headingId = useId();
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <span className={styles.number} aria-hidden="true">
          {String(number).padStart(2, '0')}
        </span>
        <div>
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}
