import { COURSE_IDS } from '@links/shared/constants';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, greenFees } from '../../db/schema/index.ts';
import { seedDatabase } from '../../seed/index.ts';
import { NOW } from '../../test/booking-week.ts';
import { apiHeaders, withCsrf } from '../../test/test-app.ts';
import { createBookingApp } from '../bookings/booking-test-helpers.ts';
import { sendFrom, staffAppForTests, visitorBooking } from './test/staff-test-helpers.ts';

// Issue 23, prices: an admin changes a green fee; what the public flow charges for a new booking changes, a booking
// already made keeps its price; each change is kept as history; the preview uses the public pricing code.

const PLAY_DATE = '2026-05-27';
const { burnside } = COURSE_IDS;
const ADULT = 1;
const SENIOR = 2;

const setup = staffAppForTests(() => createBookingApp(NOW), {
  admin: { username: 'price.admin', role: 'admin', name: 'Isla Prices' },
  desk: { username: 'price.desk', role: 'reservations' },
});

type Prices = {
  courses: { id: number; name: string; closing_date: string }[];
  seasons: { id: number; name: string; start_date: string; end_date: string }[];
  player_types: { id: number; name: string }[];
  green_fees: { course_id: number; player_type_id: number; season_id: number; price: number }[];
  history: { by: string; before: number | null; after: number; season_id: number }[];
};

const prices = async (browser = setup.desk) =>
  (await sendFrom(setup.t.app, browser, 'GET', '/v1/staff/prices')).json().data as Prices;
const setFee = (body: object, browser = setup.admin) =>
  sendFrom(setup.t.app, browser, 'PUT', '/v1/staff/prices/green-fees', body);
const preview = (playerTypeId: number, browser = setup.desk) =>
  sendFrom(setup.t.app, browser, 'POST', '/v1/staff/prices/preview', {
    golfers: [{ id: 1, playerTypeId }],
    courses: [{ id: burnside, teeTime: { date: PLAY_DATE } }],
  });
/** A public price call from a visitor's new browser: what the public flow would charge. */
const askPublic = async (url: string, payload: object) => {
  const csrf = await withCsrf(setup.t.app);
  return setup.t.app.inject({ method: 'POST', url, headers: csrf.headers, payload });
};
/** The public flow's ticket prices for one adult playing `courses`. */
const adultTickets = async (courses: { id: number; teeTime: { date: string } }[]) => {
  const response = await askPublic('/v1/tickets/prices', {
    golfers: [{ id: 1, playerTypeId: ADULT }],
    courses,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const publicPrice = async () =>
  (await adultTickets([{ id: burnside, teeTime: { date: PLAY_DATE } }])).totals.payable as number;

describe('green fees', () => {
  it('a change applies to new bookings and not to one already made, and is kept as history', async () => {
    const before = await prices();
    const season = before.seasons.find((each) => each.start_date <= PLAY_DATE && PLAY_DATE <= each.end_date);
    expect(season, `a season holds ${PLAY_DATE}`).toBeDefined();
    const fee = before.green_fees.find(
      (each) => each.course_id === burnside && each.player_type_id === ADULT && each.season_id === season!.id,
    );
    expect(fee).toBeDefined();
    expect(before.history).toEqual([]);
    const oldPrice = fee!.price;
    expect(await publicPrice()).toBe(oldPrice);
    expect((await preview(ADULT)).json().data.totals.payable).toBe(oldPrice);

    const made = await visitorBooking(
      setup.t,
      [{ courseId: burnside, date: PLAY_DATE, time: '10:00' }],
      [ADULT],
    );
    const payableOf = async (id: number) =>
      (await setup.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.payablePence;
    expect(await payableOf(made.bookingId)).toBe(oldPrice);

    const newPrice = oldPrice + 1_250;
    const changed = await setFee({
      course_id: burnside,
      player_type_id: ADULT,
      season_id: season!.id,
      price: newPrice,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.history).toEqual([
      expect.objectContaining({
        kind: 'green_fee',
        course_id: burnside,
        player_type_id: ADULT,
        by: 'Isla Prices',
        before: oldPrice,
        after: newPrice,
        season_id: season!.id,
      }),
    ]);
    // The public flow charges the new fee at once on this instance; the booking already made keeps its price.
    expect(await publicPrice()).toBe(newPrice);
    expect((await preview(ADULT)).json().data.totals.payable).toBe(newPrice);
    expect(await payableOf(made.bookingId)).toBe(oldPrice);
    const detail = await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/bookings/${made.bookingNumber}`);
    expect(detail.json().data.confirmation.totals.payable).toBe(oldPrice);
    const next = await visitorBooking(
      setup.t,
      [{ courseId: burnside, date: PLAY_DATE, time: '10:30' }],
      [ADULT],
    );
    expect(await payableOf(next.bookingId)).toBe(newPrice);

    // The same price again changes and records nothing.
    await setFee({ course_id: burnside, player_type_id: ADULT, season_id: season!.id, price: newPrice });
    expect((await prices()).history).toHaveLength(1);
  });

  it('refuses bad prices and unknown rows with a clear message, changing nothing', async () => {
    const before = await setup.t.database.db.select().from(greenFees);
    const season = (await prices()).seasons[0]!;
    const valid = { course_id: burnside, player_type_id: ADULT, season_id: season.id, price: 10_000 };
    for (const [body, text] of [
      [{ ...valid, price: -1 }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, price: 12.5 }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, price: 200_001 }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, price: '100' }, 'Please enter a price from £0.00 to £2,000.00'],
      [{ ...valid, course_id: 99 }, 'Please choose a course, player type and season from the lists.'],
      [{ ...valid, player_type_id: 99 }, 'Please choose a course, player type and season from the lists.'],
      [{ ...valid, season_id: 9_999 }, 'Please choose a course, player type and season from the lists.'],
    ] as const) {
      const response = await setFee(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toContain(text);
    }
    expect(await setup.t.database.db.select().from(greenFees)).toEqual(before);
  });

  it('lets the reservations desk read and preview any player type, and only admins change a fee', async () => {
    const types = (await prices()).player_types;
    const concession = types.find((type) => type.id !== ADULT && type.id !== 3);
    expect(concession, 'a player type the public may not book').toBeDefined();
    const priced = await preview(concession!.id);
    expect([200, 422], priced.body).toContain(priced.statusCode);
    const season = (await prices()).seasons[0]!;
    const refused = await setFee(
      { course_id: burnside, player_type_id: ADULT, season_id: season.id, price: 1 },
      setup.desk,
    );
    expect(refused.statusCode).toBe(403);
    const anonymous = await setup.t.app.inject({
      method: 'GET',
      url: '/v1/staff/prices',
      headers: apiHeaders(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('seasons and the booking horizon', () => {
  const addSeason = (body: object, browser = setup.admin) =>
    sendFrom(setup.t.app, browser, 'POST', '/v1/staff/seasons', body);
  const setClosing = (body: object, browser = setup.admin) =>
    sendFrom(setup.t.app, browser, 'PUT', '/v1/staff/courses/closing-date', body);
  const plusDays = (date: string, days: number) =>
    new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const slotsOn = async (date: string) =>
    (
      await sendFrom(setup.t.app, setup.desk, 'GET', `/v1/staff/tee-sheet?course_id=${burnside}&date=${date}`)
    ).json().data?.slots?.length ?? 0;

  it('adds a season after the last, its fees copied, and refuses an overlap by naming it', async () => {
    const before = await prices();
    const last = [...before.seasons].sort((a, b) => a.end_date.localeCompare(b.end_date)).at(-1)!;
    const overlap = await addSeason({
      name: 'Clash',
      start_date: last.start_date,
      end_date: plusDays(last.end_date, 30),
      copy_fees_from: null,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toMatch(new RegExp(`^The dates overlap ${last.name} \\(`));
    const backwards = await addSeason({
      name: 'Backwards',
      start_date: plusDays(last.end_date, 20),
      end_date: plusDays(last.end_date, 10),
      copy_fees_from: null,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The last day must not be before the first.');

    const created = await addSeason({
      name: 'Early Summer 2028',
      start_date: plusDays(last.end_date, 1),
      end_date: plusDays(last.end_date, 120),
      copy_fees_from: last.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = created.json().data as Prices;
    const season = after.seasons.find((each) => each.name === 'Early Summer 2028')!;
    const feesOf = (id: number) => after.green_fees.filter((fee) => fee.season_id === id).length;
    expect(feesOf(season.id)).toBe(feesOf(last.id));
    expect(
      (
        await addSeason({
          ...season,
          copy_fees_from: null,
          start_date: plusDays(season.end_date, 1),
          end_date: plusDays(season.end_date, 2),
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await addSeason(
          { name: 'Desk', start_date: '2031-01-01', end_date: '2031-01-02', copy_fees_from: null },
          setup.desk,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('moves the closing date only over days with prices, makes their tee times, and counts bookings after an earlier one', async () => {
    const before = await prices();
    const course = before.courses.find((each) => each.id === burnside)!;
    const lastEnd = [...before.seasons].sort((a, b) => a.end_date.localeCompare(b.end_date)).at(-1)!.end_date;
    const tooFar = await setClosing({ course_id: burnside, closing_date: plusDays(lastEnd, 10) });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().error.message).toMatch(
      /^No green fee covers \w+day \d+\w\w \w+ \d{4} on the Burnside Course for /,
    );

    const newClosing = plusDays(course.closing_date, 14);
    expect(await slotsOn(newClosing)).toBe(0);
    // The desk books any player type: a season without a Senior fee on the Burnside is not bookable for anyone.
    const season = before.seasons.find(
      (each) => each.start_date <= newClosing && newClosing <= each.end_date,
    )!;
    const seniorFee = and(
      eq(greenFees.courseId, burnside),
      eq(greenFees.seasonId, season.id),
      eq(greenFees.playerTypeId, SENIOR),
    );
    const [removed] = await setup.t.database.db.delete(greenFees).where(seniorFee).returning();
    expect(removed, 'the seed prices Seniors on the Burnside').toBeDefined();
    const noSeniorFee = await setClosing({ course_id: burnside, closing_date: newClosing });
    expect(noSeniorFee.statusCode).toBe(422);
    expect(noSeniorFee.json().error.message).toMatch(
      /on the Burnside Course for Senior \(65 and over\): add a season/,
    );
    const { id: _id, ...fee } = removed!;
    await setup.t.database.db.insert(greenFees).values(fee);
    const moved = await setClosing({ course_id: burnside, closing_date: newClosing });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      moved.json().data.prices.courses.find((each: { id: number }) => each.id === burnside).closing_date,
    ).toBe(newClosing);
    expect(await slotsOn(newClosing)).toBeGreaterThan(0);

    // An earlier closing date stops sales after it; the bookings made there (the first test's) keep their places.
    const shortened = await setClosing({ course_id: burnside, closing_date: '2026-05-01' });
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(shortened.json().data.bookings_after).toBeGreaterThanOrEqual(2);
    expect((await setClosing({ course_id: burnside, closing_date: '2026-03-19' })).statusCode).toBe(400);
    expect((await setClosing({ course_id: burnside, closing_date: newClosing }, setup.desk)).statusCode).toBe(
      403,
    );
    const audit = (
      await sendFrom(setup.t.app, setup.admin, 'GET', '/v1/staff/audit?action=course.closing_date_changed')
    ).json().data;
    expect(
      audit.entries.map((entry: { after: { closing_date: string } }) => entry.after.closing_date),
    ).toEqual(['2026-05-01', newClosing]);
    expect((await setClosing({ course_id: burnside, closing_date: course.closing_date })).statusCode).toBe(
      200,
    );
  });
});

describe('caddie fees', () => {
  type Ranges = { caddie_ranges: { id: number; start_date: string; end_date: string; price: number }[] };
  const publicCaddiePrice = async (date: string) => {
    const response = await askPublic('/v1/caddies/prices', { startDate: date });
    return (response.json().data as { start_date: string; end_date: string; price: number }[]).find(
      (range) => range.start_date <= date && date <= range.end_date,
    )?.price;
  };

  it('changes the fee of a range, adds a range after the last, refuses an overlap, each audited', async () => {
    const before = (await prices()) as unknown as Ranges;
    const range = before.caddie_ranges.find(
      (each) => each.start_date <= PLAY_DATE && PLAY_DATE <= each.end_date,
    )!;
    expect(await publicCaddiePrice(PLAY_DATE)).toBe(range.price);
    const changed = await sendFrom(setup.t.app, setup.admin, 'PUT', `/v1/staff/caddie-ranges/${range.id}`, {
      price: range.price + 500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await publicCaddiePrice(PLAY_DATE)).toBe(range.price + 500);
    // The prices page keeps it with the other price changes, newest first.
    expect(changed.json().data.history[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      by: expect.any(String),
      kind: 'caddie',
      start_date: range.start_date,
      end_date: range.end_date,
      before: range.price,
      after: range.price + 500,
    });

    const last = before.caddie_ranges.at(-1)!;
    const clash = await sendFrom(setup.t.app, setup.admin, 'POST', '/v1/staff/caddie-ranges', {
      start_date: last.end_date,
      end_date: '2030-12-31',
      price: 7_000,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toMatch(/^The dates overlap the caddie fee from /);
    const next = new Date(Date.parse(`${last.end_date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const added = await sendFrom(setup.t.app, setup.admin, 'POST', '/v1/staff/caddie-ranges', {
      start_date: next,
      end_date: '2030-12-31',
      price: 7_500,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json().data as Ranges).caddie_ranges.at(-1)).toMatchObject({
      start_date: next,
      price: 7_500,
    });

    for (const bad of [{ price: -1 }, { price: 1.5 }, {}]) {
      expect(
        (await sendFrom(setup.t.app, setup.admin, 'PUT', `/v1/staff/caddie-ranges/${range.id}`, bad))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await sendFrom(setup.t.app, setup.admin, 'PUT', '/v1/staff/caddie-ranges/999999', { price: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await sendFrom(setup.t.app, setup.desk, 'PUT', `/v1/staff/caddie-ranges/${range.id}`, { price: 1 }))
        .statusCode,
    ).toBe(403);
    const audit = (
      await sendFrom(setup.t.app, setup.admin, 'GET', '/v1/staff/audit?action=price.caddie_fee_changed')
    ).json().data.entries;
    expect(audit.map((entry: { before: { price: number } }) => entry.before.price)).toEqual([range.price]);
  });
});

describe('combination prices', () => {
  type Packages = {
    packages: {
      id: number;
      name: string;
      course_ids: number[];
      prices: { player_type_id: number; price: number }[];
    }[];
  };
  const twoCourses = async () =>
    (
      await adultTickets([
        { id: COURSE_IDS.championship, teeTime: { date: '2026-06-10' } },
        { id: burnside, teeTime: { date: '2026-06-11' } },
      ])
    ).golfers[0] as { total_price: number; ticket_label: string };

  it("changes a combination's price for new bookings, audited; refuses what is not on the lists", async () => {
    const before = (await prices()) as unknown as Packages;
    const pkg = before.packages.find(
      (each) => each.course_ids.join() === [COURSE_IDS.championship, burnside].sort((a, b) => a - b).join(),
    )!;
    expect(pkg, 'the Championship and Burnside combination').toBeDefined();
    const old = pkg.prices.find((price) => price.player_type_id === ADULT)!.price;
    expect((await twoCourses()).total_price).toBe(old);

    const changed = await sendFrom(setup.t.app, setup.admin, 'PUT', '/v1/staff/prices/packages', {
      package_id: pkg.id,
      player_type_id: ADULT,
      price: old - 2_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await twoCourses()).total_price).toBe(old - 2_000);
    expect(changed.json().data.history[0]).toMatchObject({
      kind: 'package',
      package_id: pkg.id,
      player_type_id: ADULT,
      before: old,
      after: old - 2_000,
    });
    const audit = (
      await sendFrom(setup.t.app, setup.admin, 'GET', '/v1/staff/audit?action=price.package_changed')
    ).json().data.entries;
    expect(audit.map((entry: { before: { price: number } }) => entry.before.price)).toEqual([old]);

    for (const bad of [
      { package_id: 9_999, player_type_id: ADULT, price: 1 },
      { package_id: pkg.id, player_type_id: 99, price: 1 },
      { package_id: pkg.id, player_type_id: ADULT, price: -5 },
    ]) {
      expect(
        (await sendFrom(setup.t.app, setup.admin, 'PUT', '/v1/staff/prices/packages', bad)).statusCode,
      ).toBe(400);
    }
    expect(
      (
        await sendFrom(setup.t.app, setup.desk, 'PUT', '/v1/staff/prices/packages', {
          package_id: pkg.id,
          player_type_id: ADULT,
          price: 1,
        })
      ).statusCode,
    ).toBe(403);
    // Put back for the tests after.
    await sendFrom(setup.t.app, setup.admin, 'PUT', '/v1/staff/prices/packages', {
      package_id: pkg.id,
      player_type_id: ADULT,
      price: old,
    });
  });

  it("changes a combination's days of the year and courses, adds a winter one, and the seed leaves them so", async () => {
    type Pkg = Packages['packages'][number] & { valid_from: string; valid_to: string };
    const all = async () => ((await prices()) as unknown as { packages: Pkg[] }).packages;
    const pair = (await all()).find(
      (each) => each.course_ids.join() === [COURSE_IDS.championship, burnside].sort((a, b) => a - b).join(),
    )!;
    const combination = (await twoCourses()).total_price;
    expect(combination).toBe(pair.prices.find((price) => price.player_type_id === ADULT)!.price);
    const save = (body: object, id: number | null = pair.id, browser = setup.admin) =>
      id === null
        ? sendFrom(setup.t.app, browser, 'POST', '/v1/staff/packages', body)
        : sendFrom(setup.t.app, browser, 'PUT', `/v1/staff/packages/${id}`, body);
    const details = { name: pair.name, course_ids: pair.course_ids, valid_from: '04-01', valid_to: '10-31' };

    // Only from July: the June rounds are priced as two green fees.
    const july = await save({ ...details, valid_from: '07-01', valid_to: '08-31' });
    expect(july.statusCode, july.body).toBe(200);
    expect((await twoCourses()).total_price).toBeGreaterThan(combination);
    const [audit] = (
      await sendFrom(setup.t.app, setup.admin, 'GET', '/v1/staff/audit?action=package.changed')
    ).json().data.entries;
    expect(audit).toMatchObject({
      before: { valid_from: '04-01', valid_to: '10-31' },
      after: { valid_from: '07-01', valid_to: '08-31' },
    });

    for (const [bad, message] of [
      [{ ...details, course_ids: [burnside] }, 'two or three different courses'],
      [{ ...details, course_ids: [burnside, burnside] }, 'two or three different courses'],
      [{ ...details, valid_from: '02-30' }, 'dd/mm'],
      [{ ...details, name: ' ' }, 'name of up to 60'],
    ] as const) {
      const refused = await save(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect((await save({ ...details, course_ids: [burnside, 99] })).statusCode).toBe(400);
    expect((await save(details, 9_999)).statusCode).toBe(404);
    expect((await save(details, pair.id, setup.desk)).statusCode).toBe(403);

    // A second combination of the same courses for other days: a winter price.
    const winter = await save(
      { name: 'Winter pair', course_ids: pair.course_ids, valid_from: '11-01', valid_to: '03-31' },
      null,
    );
    expect(winter.statusCode, winter.body).toBe(200);
    const added = (winter.json().data.packages as Pkg[]).find((each) => each.name === 'Winter pair')!;
    expect(added).toMatchObject({
      course_ids: pair.course_ids,
      valid_from: '11-01',
      valid_to: '03-31',
      prices: [],
    });

    // The three-course package without the Buddon Links stays so when the seed runs again (every start).
    const three = (await all()).find((each) => each.course_ids.length === 3)!;
    const two = [COURSE_IDS.championship, burnside].sort((a, b) => a - b);
    expect(
      (await save({ name: three.name, course_ids: two, valid_from: '04-01', valid_to: '10-31' }, three.id))
        .statusCode,
    ).toBe(200);
    await seedDatabase(setup.t.database.db, { demo: false, now: NOW });
    expect((await all()).find((each) => each.id === three.id)?.course_ids).toEqual(two);

    // Put back for the tests after.
    await save(
      { name: three.name, course_ids: three.course_ids, valid_from: '04-01', valid_to: '10-31' },
      three.id,
    );
    expect((await save(details)).statusCode).toBe(200);
    expect((await twoCourses()).total_price).toBe(combination);
  });
});
