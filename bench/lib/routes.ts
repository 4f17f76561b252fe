export type ProbeResult = { status: number; body: unknown };
export type HttpProbe = (path: string) => Promise<ProbeResult>;

export async function probeJson(url: string, headers: Record<string, string>): Promise<ProbeResult> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** yyyy-MM-dd of the instant in UK time (en-CA formats dates as ISO). */
export function londonDay(instant: Date): string {
  return londonDate.format(instant);
}

export function londonMonth(instant: Date): string {
  return londonDay(instant).slice(0, 7);
}

function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

type DayStatus = { date: string; status: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Every day status anywhere in the answer, whether days are keyed by date (`{ "2026-12-01": { status } }`) or listed
 * as `{ date, status }` objects, whatever envelope holds them.
 */
function collectDays(value: unknown, into: DayStatus[] = []): DayStatus[] {
  if (Array.isArray(value)) {
    for (const item of value) collectDays(item, into);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.date === 'string' && ISO_DAY.test(record.date) && typeof record.status === 'string') {
      into.push({ date: record.date, status: record.status });
      return into;
    }
    for (const [key, nested] of Object.entries(record)) {
      const status = (nested as { status?: unknown } | null)?.status;
      if (ISO_DAY.test(key) && typeof status === 'string') into.push({ date: key, status });
      else collectDays(nested, into);
    }
  }
  return into;
}

export type BookableDay =
  | { kind: 'found'; month: string; date: string; status: string }
  | { kind: 'none'; reason: string };

/**
 * Finds the first day after today with places left, from the month availability call, so the diary row measures a
 * real tee sheet whatever the date the bench runs on (seasons, closing dates and winter closures included).
 */
export async function findBookableDay(
  probe: HttpProbe,
  courseId: number,
  fromMonth: string,
): Promise<BookableDay> {
  const today = londonDay(new Date());
  let month = fromMonth;
  for (let step = 0; step < 13; step += 1, month = nextMonth(month)) {
    const answer = await probe(`/v1/courses/${courseId}/availability?month=${month}`);
    if (answer.status === 404 && step === 0)
      return { kind: 'none', reason: 'the availability route answered 404' };
    if (answer.status !== 200) continue;
    const day = collectDays(answer.body)
      .sort((a, b) => a.date.localeCompare(b.date))
      .find(
        (candidate) => candidate.date > today && (candidate.status === 'good' || candidate.status === 'low'),
      );
    if (!day) continue;
    const diary = await probe(
      `/v1/courses/${courseId}/diary?start_date=${day.date}&slot_type=1&filter_today=1`,
    );
    if (diary.status !== 200)
      return { kind: 'none', reason: `the diary for ${day.date} answered ${diary.status}` };
    return { kind: 'found', month, date: day.date, status: day.status };
  }
  return { kind: 'none', reason: `no bookable day on course ${courseId} in the 13 months from ${fromMonth}` };
}
