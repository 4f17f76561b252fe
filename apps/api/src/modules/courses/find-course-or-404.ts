import type { DbOrTx } from '../../db/client.ts';
import type { Course } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { findCourse } from './courses.repository.ts';

export async function findCourseOr404(db: DbOrTx, courseId: number): Promise<Course> {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound(`There is no course with id ${courseId}.`, 'course_not_found');
  return course;
}
