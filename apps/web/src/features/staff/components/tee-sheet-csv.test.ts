import type { StaffTeeSheet } from '@links/shared/schemas/staff-tee-sheet';
import { describe, expect, it } from 'vitest';
import { OPERATOR_DEPOSIT, teeSheetBooking, teeSheetSlot } from '../test/tee-sheet-fixtures';
import { csvField, teeSheetCsv, teeSheetFileName } from './tee-sheet-csv';

const SHEET: StaffTeeSheet = {
  course: { id: 4, name: 'Buddon Links Course' },
  date: '2027-01-19',
  courses: [],
  // The file gives each line the sheet's date and the tee time's clock time, never the slot's own instant.
  slots: [
    teeSheetSlot('09:00', {
      taken: 2,
      places_left: 2,
      bookings: [
        teeSheetBooking({
          ...OPERATOR_DEPOSIT,
          lead_name: 'Zoë "Zed" O’Neill',
          caddies: 1,
          golfers: [
            { position: 1, player_type: 'Adult', name: 'Ben Hogan' },
            { position: 2, player_type: 'Senior (65 and over)', name: '' },
          ],
          notes: '=HYPERLINK("http://evil.example","x"), then lunch',
          check_ins: [
            { position: 1, status: 'arrived' },
            { position: 2, status: 'no_show' },
          ],
        }),
      ],
    }),
    teeSheetSlot('09:10', {
      block: {
        id: 5,
        reason: 'maintenance',
        note: null,
        starts_at: '2027-01-19T09:10:00.000Z',
        ends_at: '2027-01-19T09:20:00.000Z',
      },
    }),
    teeSheetSlot('09:20'),
  ],
  totals: { slots: 3, blocked: 1, golfers: 2, bookings: 1, arrived: 1, no_show: 1 },
};

describe('teeSheetCsv', () => {
  it('writes a line per booking and per free or blocked tee time, quoted and with formulas defused', () => {
    const csv = teeSheetCsv(SHEET);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date,Course,Time,Capacity,Places left,State,Block,Booking,Lead golfer,Golfers,Player types,Operator,Caddies,Notes,Payable,Paid,Arrived,No-shows',
      '2027-01-19,Buddon Links Course,09:00,4,2,Deposit,,4417730261,"Zoë ""Zed"" O’Neill",2,Ben Hogan (Adult); Senior (65 and over),Fairway Golf Tours,1,"\'=HYPERLINK(""http://evil.example"",""x""), then lunch",£240.00,£120.00,1,1',
      '2027-01-19,Buddon Links Course,09:10,4,4,Blocked,maintenance,,,,,,,,,,,',
      '2027-01-19,Buddon Links Course,09:20,4,4,Free,,,,,,,,,,,,',
      '',
    ]);
  });

  it('defuses every formula lead and leaves numbers alone', () => {
    expect(csvField('+44 7400 123456')).toBe("'+44 7400 123456");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-1)).toBe('-1');
    expect(csvField('Ada')).toBe('Ada');
  });

  it('names the file after the course and day', () => {
    expect(teeSheetFileName(SHEET)).toBe('tee-sheet-buddon-links-course-2027-01-19.csv');
  });
});
