-- Backstop for "no overselling, ever". The booking engine already locks the tee_slots rows (SELECT ... FOR UPDATE,
-- ascending id) and counts live players before it inserts rounds; this trigger catches any writer that skips that
-- path (a future code path, a manual fix, a confirmation of a lapsed hold). It is a DEFERRABLE INITIALLY DEFERRED
-- constraint trigger rather than a CHECK: the rule spans rows of three tables and a PATCH deletes and re-inserts a
-- booking's rounds, so only the state at COMMIT is meaningful. It raises check_violation (23514) naming the
-- constraint tee_slots_capacity, which the API answers with 409 slot_full.
-- "Live" must stay identical to bookingTakesPlaces (apps/api/src/modules/tee-sheet/live-bookings.ts): confirmed, or
-- held until hold_expires_at + the one-minute release grace, on the database clock. A test pins the two together.
-- On its own it cannot stop two concurrent transactions that each see only their own rows (READ COMMITTED); the
-- slot row lock is what serialises them, so the trigger only ever fires on a bypass.
CREATE FUNCTION tee_slot_over_capacity(target_slot integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(r.players), 0) > (SELECT s.capacity FROM tee_slots s WHERE s.id = target_slot)
  FROM booking_rounds r
  JOIN bookings b ON b.id = r.booking_id
  WHERE r.slot_id = target_slot
    AND (b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at + interval '60 seconds' > now()))
$$;
--> statement-breakpoint
CREATE FUNCTION booking_rounds_capacity_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF tee_slot_over_capacity(NEW.slot_id) THEN
    RAISE EXCEPTION 'tee slot % would exceed its capacity', NEW.slot_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tee_slots_capacity', TABLE = 'booking_rounds';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_capacity_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  over_slot integer;
BEGIN
  SELECT r.slot_id INTO over_slot
  FROM booking_rounds r
  WHERE r.booking_id = NEW.id AND tee_slot_over_capacity(r.slot_id)
  LIMIT 1;
  IF over_slot IS NOT NULL THEN
    RAISE EXCEPTION 'tee slot % would exceed its capacity', over_slot
      USING ERRCODE = 'check_violation', CONSTRAINT = 'tee_slots_capacity', TABLE = 'bookings';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_rounds_capacity
  AFTER INSERT OR UPDATE OF slot_id, players ON booking_rounds
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION booking_rounds_capacity_check();
--> statement-breakpoint
-- A booking starts taking places again (a lapsed hold confirmed or revived): its slots must still have room.
CREATE CONSTRAINT TRIGGER bookings_capacity
  AFTER UPDATE OF status, hold_expires_at ON bookings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status IN ('held', 'confirmed'))
  EXECUTE FUNCTION bookings_capacity_check();
