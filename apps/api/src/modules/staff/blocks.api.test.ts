import { COURSE_IDS } from '@links/shared/constants';
import { londonWallTimeToUtc } from '@links/shared/uk-time';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockedPeriods, bookings, staffAuditLog } from '../../db/schema/index.ts';
import { createSeededApp } from '../tee-sheet/tee-sheet-test-data.ts';
import { paidBookingAt, publicDiaryTimes, sendFrom, staffAppForTests } from './test/staff-test-helpers.ts';

// Issue 22, blocks: staff take a period of one course out of sale with a reason; the public diary drops those tee
// times at once and lists them again when the block is removed. Bookings and holds inside are listed first and
// kept: blocking over them needs confirm. Every change is audited.

const NOW = new Date('2026-06-01T09:00:00Z');
const DAY = '2026-06-12';
const CHAMPIONSHIP = COURSE_IDS.championship;

const setup = staffAppForTests(() => createSeededApp(NOW), {
  desk: { username: 'res.desk', role: 'reservations' },
  starter: { username: 'the.starter', role: 'starter' },
});
let bookingNumber: string;
beforeAll(async () => {
  ({ bookingNumber } = await paidBookingAt(setup.t, CHAMPIONSHIP, DAY, '09:10'));
});

const send = (method: 'POST' | 'DELETE', url: string, body?: object, browser = setup.desk) =>
  sendFrom(setup.t.app, browser, method, url, body);

const publicTimes = (date = DAY) => publicDiaryTimes(setup.t.app, CHAMPIONSHIP, date);

const auditOf = async (action: string) =>
  (await setup.t.database.db.select().from(staffAuditLog).orderBy(staffAuditLog.id)).filter(
    (row) => row.action === action,
  );

const afternoon = {
  course_id: CHAMPIONSHIP,
  from_date: DAY,
  from_time: '14:00',
  until_date: DAY,
  until_time: '15:00',
};

describe('blocks', () => {
  it('previews, blocks and unblocks a period: the public diary drops its tee times and lists them again', async () => {
    const before = await publicTimes();
    expect(before).toContain('14:00');

    const preview = await send('POST', '/v1/staff/blocks/preview', { ...afternoon, reason: 'competition' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({ tee_times: 6, bookings: [] });
    expect(await setup.t.database.db.select().from(blockedPeriods)).toEqual([]);

    const created = await send('POST', '/v1/staff/blocks', {
      ...afternoon,
      reason: 'competition',
      note: '  Club medal  ',
    });
    expect(created.statusCode).toBe(201);
    const { block, bookings: inside } = created.json().data;
    expect(block).toEqual({
      id: expect.any(Number),
      course_id: CHAMPIONSHIP,
      starts_at: londonWallTimeToUtc(DAY, '14:00').toISOString(),
      ends_at: londonWallTimeToUtc(DAY, '15:00').toISOString(),
      reason: 'competition',
      note: 'Club medal',
    });
    expect(inside).toEqual([]);
    expect(await publicTimes()).toEqual(before.filter((time) => time < '14:00' || time >= '15:00'));
    const [audit] = await auditOf('block.created');
    expect(audit).toMatchObject({ targetType: 'block', targetId: String(block.id), before: null });
    expect(audit!.after).toMatchObject({ reason: 'competition', note: 'Club medal', bookings_inside: [] });

    // The staff sheet shows the block, with its id for unblocking.
    const sheet = await sendFrom(
      setup.t.app,
      setup.starter,
      'GET',
      `/v1/staff/tee-sheet?course_id=${CHAMPIONSHIP}&date=${DAY}`,
    );
    const slots = sheet.json().data.slots as { time: string; block: { id: number } | null }[];
    expect(slots.filter((slot) => slot.block?.id === block.id).map((slot) => slot.time)).toEqual([
      '14:00',
      '14:10',
      '14:20',
      '14:30',
      '14:40',
      '14:50',
    ]);

    // Exactly the same period twice is refused.
    const again = await send('POST', '/v1/staff/blocks', { ...afternoon, reason: 'maintenance' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('block_exists');

    const removed = await send('DELETE', `/v1/staff/blocks/${block.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual(block);
    expect(await publicTimes()).toEqual(before);
    expect((await auditOf('block.removed')).map((row) => [row.targetId, row.before, row.after])).toEqual([
      [String(block.id), block, null],
    ]);
    expect((await send('DELETE', `/v1/staff/blocks/${block.id}`)).statusCode).toBe(404);
  });

  it('lists the bookings inside and blocks over them only when confirmed, never cancelling them', async () => {
    const morning = { course_id: CHAMPIONSHIP, from_date: DAY, until_date: DAY, reason: 'maintenance' };
    const listed = [
      {
        booking_number: bookingNumber,
        state: 'paid',
        lead_name: 'Ada Lovelace',
        starts_at: londonWallTimeToUtc(DAY, '09:10').toISOString(),
        players: 2,
      },
    ];
    // No times: the whole day.
    const preview = await send('POST', '/v1/staff/blocks/preview', morning);
    expect(preview.json().data).toEqual({ tee_times: (await publicTimes()).length, bookings: listed });

    const refused = await send('POST', '/v1/staff/blocks', morning);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'block_has_bookings',
      message:
        'Bookings or holds are inside this period. Check them, then block anyway or choose another period.',
    });
    expect(await setup.t.database.db.select().from(blockedPeriods)).toEqual([]);

    const created = await send('POST', '/v1/staff/blocks', { ...morning, confirm: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.bookings).toEqual(listed);
    expect(await publicTimes()).toEqual([]);
    const [booking] = await setup.t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.bookingNumber, bookingNumber));
    expect(booking!.status).toBe('confirmed');
    expect((await auditOf('block.created')).at(-1)!.after).toMatchObject({
      bookings_inside: [bookingNumber],
    });
    await send('DELETE', `/v1/staff/blocks/${created.json().data.block.id}`);
  });

  it('refuses bad periods with a clear message, an unknown course, and the starter', async () => {
    const cases: [object, string][] = [
      [{ ...afternoon, until_time: '13:00', reason: 'dark' }, 'The block must end after it starts'],
      [
        { ...afternoon, from_time: '25:00', reason: 'dark' },
        'Please enter a time as HH:mm, or leave it empty for the start of the day',
      ],
      [
        {
          ...afternoon,
          from_date: '2027-03-28',
          until_date: '2027-03-28',
          from_time: '01:30',
          reason: 'dark',
        },
        'That time does not exist on that day (the clocks go forward)',
      ],
      [{ ...afternoon, reason: 'party' }, 'Please choose a reason'],
      [{ ...afternoon, until_date: '2027-08-01', reason: 'dark' }, 'A block can cover at most 400 days'],
      [{ ...afternoon, from_date: '2026-02-30', reason: 'dark' }, 'Please enter the first day'],
      [{ ...afternoon, note: 'x'.repeat(201), reason: 'dark' }, 'Please keep the note under 200 characters'],
      [{ ...afternoon, course_id: 2 ** 40, reason: 'dark' }, 'Please choose a course'],
      [{ ...afternoon, reason: 'dark', confirm: 'yes' }, 'confirm must be true or false'],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/v1/staff/blocks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(message);
    }
    const unknown = await send('POST', '/v1/staff/blocks', { ...afternoon, course_id: 3, reason: 'dark' });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await send('POST', '/v1/staff/blocks', { ...afternoon, reason: 'dark' }, setup.starter)).statusCode,
    ).toBe(403);
    expect(await setup.t.database.db.select().from(blockedPeriods)).toEqual([]);
  });
});
