/**
 * The UK-date rules a course toggle needs (today's UK date, the closing-date rule). They pull in date-fns and the
 * time-zone database, so they load on demand (and on idle) instead of with `/`.
 */
export async function loadCalendarRules() {
  const [{ todayInLondon }, { isPlayDateOpen }] = await Promise.all([
    import('@links/shared/uk-time'),
    import('@links/shared/booking-calendar'),
  ]);
  return { todayInLondon, isPlayDateOpen };
}
