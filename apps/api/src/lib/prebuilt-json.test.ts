import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializedPer, serializeWithSchema } from './prebuilt-json.ts';

const schema = z.object({ data: z.array(z.object({ id: z.number().int(), day: z.iso.date().nullable() })) });

describe('serializeWithSchema', () => {
  it('stringifies what the schema encodes (unknown keys dropped, like the route serialiser)', () => {
    expect(serializeWithSchema(schema, { data: [{ id: 1, day: '2027-01-12', extra: 'x' } as never] })).toBe(
      '{"data":[{"id":1,"day":"2027-01-12"}]}',
    );
  });

  it('refuses a body that does not match, instead of sending it', () => {
    expect(() => serializeWithSchema(schema, { data: [{ id: 1.5, day: null }] })).toThrow(
      'The response does not match its schema.',
    );
  });
});

describe('serializedPer', () => {
  it('builds once per source object and again for a new one', () => {
    let builds = 0;
    const body = serializedPer((rows: number[]) => {
      builds += 1;
      return JSON.stringify(rows);
    });
    const rows = [1, 2];
    expect(body(rows)).toBe('[1,2]');
    expect(body(rows)).toBe('[1,2]');
    expect(builds).toBe(1);
    expect(body([3])).toBe('[3]');
    expect(builds).toBe(2);
  });
});
