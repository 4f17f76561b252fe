import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import styles from './step-section.module.css';

export type SectionCollapse = {
  collapsed: boolean;
  onToggle: () => void;
  /** What the closed section shows in place of its content, e.g. the chosen tee times. */
  summary: ReactNode;
};

type StepSectionProps = {
  number: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
  /** Sections that close once complete; the content stays mounted (hidden) so its checks keep running. */
  collapse?: SectionCollapse;
};

/** One numbered part of a booking step ('Add your golfers', 'Choose your courses', ...). */
export function StepSection({ number, title, description, children, id, collapse }: StepSectionProps) {
  const headingId = useId();
  const contentId = useId();
  const collapsed = collapse?.collapsed ?? false;
  const contentRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // A section that closes (by itself once complete) around the focused control would drop the focus to the page:
  // it moves to the section's 'Change' button instead, so a keyboard continues from where it was.
  useLayoutEffect(() => {
    if (collapsed && contentRef.current?.contains(document.activeElement)) {
      toggleRef.current?.focus({ preventScroll: true });
    }
  }, [collapsed]);
  return (
    <section
      id={id}
      className={styles.section}
      aria-labelledby={headingId}
      data-collapsed={collapsed || undefined}
    >
      <div className={styles.header}>
        <span className={styles.number} aria-hidden="true">
          {String(number).padStart(2, '0')}
        </span>
        <div className={styles.heading}>
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {description && !collapsed ? <p className={styles.description}>{description}</p> : null}
          {collapse && collapsed ? <div className={styles.summary}>{collapse.summary}</div> : null}
        </div>
        {collapse ? (
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={!collapsed}
            aria-controls={contentId}
            onClick={collapse.onToggle}
          >
            {collapsed ? 'Change' : 'Done'}
            <span className="visually-hidden"> {title.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      <div id={contentId} ref={contentRef} hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}
