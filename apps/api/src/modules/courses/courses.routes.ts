import { coursesResponseSchema } from '@links/shared/schemas/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Course } from '../../db/schema/index.ts';
import { errorEnvelopeSchema } from '../../lib/envelope.ts';
import { sendSerialized, serializedPer, serializeWithSchema } from '../../lib/prebuilt-json.ts';
import { listCourses } from './courses.repository.ts';

// Reference data: a browser may reuse it briefly; edits reach every client within minutes.
export const REFERENCE_CACHE_CONTROL = 'private, max-age=300';

// The answer only changes when the reference cache loads new rows, so it is validated and serialised once per load.
const coursesBody = serializedPer((rows: Course[]) =>
  serializeWithSchema(coursesResponseSchema, {
    data: rows.map((course) => ({
      id: course.id,
      name: course.name,
      slug: course.slug,
      image: course.imagePath,
      course_completion_time: course.courseCompletionTime,
      closing_date: course.closingDate,
    })),
  }),
);

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses',
    {
      schema: {
        summary: 'The courses: id, name, slug, artwork, completion time (hours) and closing date',
        tags: ['courses'],
        response: { 200: coursesResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const rows = await listCourses(app.db);
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      return sendSerialized(reply, coursesBody(rows));
    },
  );
};
