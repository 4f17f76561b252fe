import { describe, expect, it } from 'vitest';
import { courseImageSources } from './course-image';

describe('courseImageSources', () => {
  it('offers the 640- and 960-wide variants of webp artwork', () => {
    expect(courseImageSources('/images/courses/burnside-course.webp')).toEqual({
      src: '/images/courses/burnside-course.webp',
      srcSet:
        '/images/courses/burnside-course-640.webp 640w, /images/courses/burnside-course-960.webp 960w, /images/courses/burnside-course.webp 1600w',
    });
  });

  it('uses other images as they are', () => {
    expect(courseImageSources('https://cdn.example/course.jpg')).toEqual({
      src: 'https://cdn.example/course.jpg',
    });
  });
});
