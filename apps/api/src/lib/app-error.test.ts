import { describe, expect, it } from 'vitest';
import { AppError, conflict } from './app-error.ts';

const frames = (error: Error) =>
  (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '));

describe('AppError', () => {
  it('carries code, status, message and fields', () => {
    const error = conflict('Taken.', 'slot_full', {
      'courses.0.teeTime.id': 'Please choose another tee time.',
    });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'slot_full',
      status: 409,
      message: 'Taken.',
      fields: { 'courses.0.teeTime.id': 'Please choose another tee time.' },
    });
  });

  it('captures no stack for an answer below 500, and leaves other errors their stacks', () => {
    expect(frames(new AppError('slot_full', 409, 'Taken.'))).toEqual([]);
    expect(frames(new Error('plain'))).not.toEqual([]);
    expect(frames(new AppError('internal_error', 500, 'Broken.'))).not.toEqual([]);
  });
});
