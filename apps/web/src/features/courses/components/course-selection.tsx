import type { Course } from '@links/shared/schemas/courses';
import { lazy } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckIcon } from '@/components/ui/icons';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { useModal } from '@/components/ui/modal';
import { useCourses } from '../api/get-courses';
import { CourseImage } from '../course-image';
import styles from './course-selection.module.css';

// The dialog's body is read by few visitors: it loads when the dialog opens (preloaded at a first interaction).
const loadCombinationRates = () => import('./combination-rates');
const CombinationRates = lazy(() => loadCombinationRates().then((m) => ({ default: m.CombinationRates })));

export function preloadCombinationRates(): void {
  void loadCombinationRates();
}

export const COMBINATION_MESSAGE =
  'Nice one! You have selected a combination booking of two or more courses.';

type CourseSelectionProps = {
  selectedIds: readonly number[];
  onToggle: (course: Course) => void;
};

function CourseCard({
  course,
  selected,
  onToggle,
}: {
  course: Course;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={[styles.card, selected && styles.selected].filter(Boolean).join(' ')}
      aria-pressed={selected}
      onClick={onToggle}
    >
      <span className={styles.media}>
        <CourseImage
          image={course.image}
          // One column inside the page's gutters on a phone (344 px of a 412 px screen), three beside each other above.
          sizes="(max-width: 767px) calc(100vw - 4rem), 300px"
        />
        <span className={styles.overlay} aria-hidden="true">
          <span className={styles.check}>
            <CheckIcon />
          </span>
        </span>
      </span>
      <span className={styles.body}>
        <span className={styles.name}>{course.name}</span>
        <span className={styles.state} aria-hidden="true">
          {selected ? 'Selected' : 'Select course'}
        </span>
      </span>
    </button>
  );
}

/** Course cards that toggle on click, with the combination banner once two or more are chosen. */
export function CourseSelection({ selectedIds, onToggle }: CourseSelectionProps) {
  const courses = useCourses();
  const modal = useModal();

  if (courses.isError) {
    return <LoadFailedAlert title="There was an error loading the courses" query={courses} />;
  }

  if (courses.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading courses">
        {[1, 2, 3].map((key) => (
          <li key={key} className={styles.skeleton} />
        ))}
      </ul>
    );
  }

  const openRates = () =>
    modal.open(({ close }) => <CombinationRates onClose={close} />, {
      title: 'Booking Combination Rates',
      size: 'lg',
    });

  return (
    <>
      <ul className={styles.grid}>
        {courses.data.map((course) => (
          <li key={course.id}>
            <CourseCard
              course={course}
              selected={selectedIds.includes(course.id)}
              onToggle={() => onToggle(course)}
            />
          </li>
        ))}
      </ul>
      {selectedIds.length >= 2 ? (
        <div className={styles.banner}>
          <Alert type="info" title={COMBINATION_MESSAGE}>
            <p>
              <button type="button" className={styles['link-button']} onClick={openRates}>
                Booking Combination Rates
              </button>
            </p>
          </Alert>
        </div>
      ) : null}
    </>
  );
}
