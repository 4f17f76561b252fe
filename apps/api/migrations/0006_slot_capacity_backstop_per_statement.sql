-- The slot-capacity backstop of 0004, per statement instead of per row. PostgreSQL constraint triggers (the only
-- deferrable kind) are always FOR EACH ROW, so 0004 ran one capacity query per inserted round: a bulk load of
-- tens of thousands of rounds took minutes. These triggers see every changed row at once through transition
-- tables and check all touched slots in one set-based query at the end of each statement. Immediate rather than
-- deferred is enough: the booking engine never leaves a slot over capacity between its own statements (a PATCH
-- deletes its old rounds before inserting the new ones).
-- Still a backstop only: the engine's slot row locks (SELECT ... FOR UPDATE, ascending id) serialise bookings;
-- this catches writers that bypass them. "Live" must stay identical to bookingTakesPlaces
-- (apps/api/src/modules/tee-sheet/live-bookings.ts); bookings.api.test.ts pins the two together at the grace edges.
DROP TRIGGER booking_rounds_capacity ON booking_rounds;
--> statement-breakpoint
DROP TRIGGER bookings_capacity ON bookings;
--> statement-breakpoint
DROP FUNCTION booking_rounds_capacity_check();
--> statement-breakpoint
DROP FUNCTION bookings_capacity_check();
--> statement-breakpoint
DROP FUNCTION tee_slot_over_capacity(integer);
--> statement-breakpoint
CREATE FUNCTION first_over_capacity_slot(slot_ids integer[]) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT s.id
  FROM tee_slots s
  JOIN booking_rounds r ON r.slot_id = s.id
  JOIN bookings b ON b.id = r.booking_id
  WHERE s.id = ANY (slot_ids)
    AND (b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at + interval '60 seconds' > now()))
  GROUP BY s.id, s.capacity
  HAVING sum(r.players) > s.capacity
  LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION raise_slot_over_capacity(over_slot integer, source text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF over_slot IS NOT NULL THEN
    RAISE EXCEPTION 'tee slot % would exceed its capacity', over_slot
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tee_slots_capacity', TABLE = source;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_rounds_capacity_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_slot_over_capacity(
    first_over_capacity_slot(ARRAY(SELECT DISTINCT slot_id FROM changed_rounds)), 'booking_rounds');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A booking that starts taking places again (a lapsed hold confirmed or revived) must still fit its slots.
CREATE FUNCTION bookings_capacity_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_slot_over_capacity(
    first_over_capacity_slot(ARRAY(
      SELECT DISTINCT r.slot_id
      FROM changed_bookings c
      JOIN booking_rounds r ON r.booking_id = c.id
      WHERE c.status IN ('held', 'confirmed'))),
    'bookings');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_rounds_capacity_insert
  AFTER INSERT ON booking_rounds REFERENCING NEW TABLE AS changed_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION booking_rounds_capacity_check();
--> statement-breakpoint
CREATE TRIGGER booking_rounds_capacity_update
  AFTER UPDATE ON booking_rounds REFERENCING NEW TABLE AS changed_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION booking_rounds_capacity_check();
--> statement-breakpoint
CREATE TRIGGER bookings_capacity
  AFTER UPDATE ON bookings REFERENCING NEW TABLE AS changed_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_capacity_check();
