import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// For the multi-process tests: every UPDATE that changes a booking's status, with the server process that made it
// (each connects with its own application_name), so "expired once" or "confirmed once" is a fact in the database,
// not an inference from logs.

export type StatusChange = {
  booking_id: number;
  old_status: string;
  new_status: string;
  by_application: string;
};

/** Installs the trigger that records status changes into booking_status_changes (a test database only). */
export async function recordBookingStatusChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    CREATE TABLE booking_status_changes (
      booking_id integer NOT NULL,
      old_status text NOT NULL,
      new_status text NOT NULL,
      by_application text NOT NULL DEFAULT current_setting('application_name')
    )`);
  await db.execute(sql`
    CREATE FUNCTION record_booking_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO booking_status_changes (booking_id, old_status, new_status)
      VALUES (NEW.id, OLD.status::text, NEW.status::text);
      RETURN NEW;
    END $$`);
  await db.execute(sql`
    CREATE TRIGGER booking_status_changes AFTER UPDATE OF status ON bookings
    FOR EACH ROW EXECUTE FUNCTION record_booking_status_change()`);
}

export async function bookingStatusChanges(db: DbOrTx): Promise<StatusChange[]> {
  const result = await db.execute<StatusChange>(
    sql`SELECT booking_id, old_status, new_status, by_application FROM booking_status_changes`,
  );
  return result.rows;
}
