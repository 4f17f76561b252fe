import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Course, courses } from '../../db/schema/index.ts';
import { cachedReference } from '../../lib/reference-cache.ts';

export const listCourses = cachedReference(
  (db: DbOrTx): Promise<Course[]> =>
    db.select().from(courses).orderBy(asc(courses.sortOrder), asc(courses.id)),
);

export async function findCourse(db: DbOrTx, courseId: number): Promise<Course | undefined> {
  return (await listCourses(db)).find((course) => course.id === courseId);
}
