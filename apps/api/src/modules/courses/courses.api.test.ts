import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders } from '../../test/test-app.ts';
import { createSeededApp, type SeededApp } from '../tee-sheet/tee-sheet-test-data.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
let t: SeededApp;

beforeAll(async () => {
  t = await createSeededApp(NOW);
});
afterAll(async () => t?.close());

describe('GET /v1/courses', () => {
  it('lists the three courses with completion times and closing dates', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/courses', headers: apiHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: 1,
        name: 'Championship Course',
        slug: 'championship-course',
        image: '/images/courses/championship-course.webp',
        course_completion_time: 4.5,
        closing_date: '2027-10-31',
      },
      {
        id: 2,
        name: 'Burnside Course',
        slug: 'burnside-course',
        image: '/images/courses/burnside-course.webp',
        course_completion_time: 4,
        closing_date: '2027-10-31',
      },
      {
        id: 4,
        name: 'Buddon Links Course',
        slug: 'buddon-links-course',
        image: '/images/courses/buddon-links-course.webp',
        course_completion_time: 4,
        closing_date: '2027-10-31',
      },
    ]);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
  });

  it('is behind the API key like every /v1 call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/courses' });
    expect(response.statusCode).toBe(401);
  });
});
