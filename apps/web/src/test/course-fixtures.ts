import type { Course } from '@links/shared/schemas/courses';

/** The three courses as GET /v1/courses returns them, for component and route tests. */
export const TEST_COURSES: Course[] = [
  {
    id: 1,
    name: 'Championship Course',
    slug: 'championship-course',
    image: '/images/courses/championship-course.webp',
    course_completion_time: 4.5,
    closing_date: null,
  },
  {
    id: 2,
    name: 'Burnside Course',
    slug: 'burnside-course',
    image: '/images/courses/burnside-course.webp',
    course_completion_time: 4,
    closing_date: null,
  },
  {
    id: 4,
    name: 'Buddon Links Course',
    slug: 'buddon-links-course',
    image: '/images/courses/buddon-links-course.webp',
    course_completion_time: 4,
    closing_date: null,
  },
];

/** The player types as GET /v1/players returns them: adults and juniors. */
export const TEST_PLAYER_TYPES = [
  { id: 1, name: 'Adult' },
  { id: 3, name: 'Under 16' },
];
