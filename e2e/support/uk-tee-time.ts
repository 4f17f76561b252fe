/** 'Monday 5th May 2025 at 2:30pm' in UK time, as the page writes tee times, worked out here rather than with the site's own formatter. */
export function ukTeeTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const day = Number(parts.day);
  const teens = day >= 11 && day <= 13;
  const suffix = teens ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${parts.weekday} ${day}${suffix} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}${parts.dayPeriod?.toLowerCase()}`;
}
