import { formatMoney } from '@links/shared/money';
import type { StaffTeeSheet, StaffTeeSheetBooking } from '@links/shared/schemas/staff-tee-sheet';
import { csvText } from '@/lib/csv';

export { csvField } from '@/lib/csv';

// The tee sheet as a CSV file (issue 22): one line per booking on a tee time, and one per free or blocked tee time,
// in the order of the sheet, for a spreadsheet or the pro shop's own tools.

const HEADER = [
  'Date',
  'Course',
  'Time',
  'Capacity',
  'Places left',
  'State',
  'Block',
  'Booking',
  'Lead golfer',
  'Golfers',
  'Player types',
  'Operator',
  'Caddies',
  'Notes',
  'Payable',
  'Paid',
  'Arrived',
  'No-shows',
];

const STATES: Record<StaffTeeSheetBooking['state'], string> = {
  held: 'Held',
  paid: 'Paid',
  deposit: 'Deposit',
  pay_later: 'Pay later',
};

function types(booking: StaffTeeSheetBooking): string {
  return booking.golfers
    .map((golfer) => (golfer.name ? `${golfer.name} (${golfer.player_type})` : golfer.player_type))
    .join('; ');
}

export function teeSheetCsv(sheet: StaffTeeSheet): string {
  const lines: (string | number)[][] = [HEADER];
  for (const slot of sheet.slots) {
    const common = [sheet.date, sheet.course.name, slot.time, slot.capacity, slot.places_left];
    const block = slot.block ? [slot.block.reason, slot.block.note].filter(Boolean).join(': ') : '';
    if (slot.bookings.length === 0) {
      lines.push([
        ...common,
        slot.block ? 'Blocked' : 'Free',
        block,
        ...Array<string>(HEADER.length - 7).fill(''),
      ]);
    }
    for (const booking of slot.bookings) {
      lines.push([
        ...common,
        STATES[booking.state],
        block,
        booking.booking_number,
        booking.lead_name,
        booking.players,
        types(booking),
        booking.operator ?? '',
        booking.caddies,
        booking.notes ?? '',
        formatMoney(booking.payable),
        formatMoney(booking.paid),
        booking.check_ins.filter((checkIn) => checkIn.status === 'arrived').length,
        booking.check_ins.filter((checkIn) => checkIn.status === 'no_show').length,
      ]);
    }
  }
  return csvText(lines);
}

/** 'tee-sheet-buddon-links-course-2027-01-19.csv' */
export function teeSheetFileName(sheet: StaffTeeSheet): string {
  const course = sheet.course.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `tee-sheet-${course}-${sheet.date}.csv`;
}
