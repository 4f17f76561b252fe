/**
 * Tests only: the staff pages an administrator's navigation links to, in its order (issue 22). The staff app's unit
 * test and the staff journey both check it.
 */
export const ADMIN_STAFF_PAGES = [
  'Tee sheet',
  'Bookings',
  'Tour operators',
  'Prices',
  'Tee windows',
  'Reports',
  'Staff users',
  'Audit log',
  'Operations',
];
