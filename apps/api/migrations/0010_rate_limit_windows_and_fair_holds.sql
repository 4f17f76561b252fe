-- Rate limits become sliding windows taken before the work they guard (issue 20). A fixed window counted a
-- sign-in or PIN after its expensive check and gave a fresh burst at every window boundary; now one call of
-- rate_limit_take counts an attempt under every rule at once, under the rows' locks, and refuses it (counting
-- nothing) when any rule's window is already full, so no more than the limit is ever evaluated on any number of
-- instances. Counters restart empty (the old fixed-window counts cannot be turned into instants).
-- Bookings record the client's network (IPv4 /24, IPv6 /64) for the per-network hold limits, and solved
-- proof-of-work challenges are remembered until they expire so each lets one request through.
CREATE TABLE "spent_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP CONSTRAINT "rate_limit_counters_hits_positive";--> statement-breakpoint
DROP INDEX "rate_limit_counters_window_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "network_key" text;--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD COLUMN "hits_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "bookings_held_network_idx" ON "bookings" USING btree ("network_key","hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_held_session_idx" ON "bookings" USING btree ("session_key","hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "bookings_held_operator_idx" ON "bookings" USING btree ("operator_id","hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "rate_limit_counters_updated_idx" ON "rate_limit_counters" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP COLUMN "hits";--> statement-breakpoint
-- Takes one attempt for every (bucket, key) pair, each with its rule's maximum and window (seconds), all or none:
-- rows are locked in (bucket, key) order (no deadlock between concurrent callers), instants older than the window
-- are dropped, and if any rule already holds its maximum nothing is counted and the call is refused with the
-- seconds until that rule has room again. An allowed call appends now() to every row and returns it, so a caller
-- that counts only failures can give the attempt back (rate_limit_refund) once it knows it succeeded.
CREATE FUNCTION rate_limit_take(p_buckets text[], p_keys text[], p_max integer[], p_window_seconds integer[])
RETURNS TABLE (allowed boolean, retry_after_seconds integer, refused_buckets text[], taken_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  rule record;
  recent timestamptz[];
  wait integer := 0;
  refused text[] := '{}';
BEGIN
  INSERT INTO rate_limit_counters (bucket, key)
  SELECT u.bucket, u.key FROM unnest(p_buckets, p_keys) AS u(bucket, key) ORDER BY 1, 2
  ON CONFLICT (bucket, key) DO NOTHING;
  FOR rule IN
    SELECT u.bucket, u.key, u.max, u.window_seconds, c.hits_at
    FROM unnest(p_buckets, p_keys, p_max, p_window_seconds) AS u(bucket, key, max, window_seconds)
    JOIN rate_limit_counters c ON c.bucket = u.bucket AND c.key = u.key
    ORDER BY u.bucket, u.key
    FOR UPDATE OF c
  LOOP
    recent := ARRAY(SELECT t FROM unnest(rule.hits_at) AS t
                    WHERE t > now() - make_interval(secs => rule.window_seconds) ORDER BY t);
    IF cardinality(recent) >= rule.max THEN
      refused := refused || rule.bucket;
      -- Room again when the oldest attempt beyond max - 1 leaves the window.
      wait := greatest(wait, ceil(extract(epoch FROM
        recent[cardinality(recent) - rule.max + 1] + make_interval(secs => rule.window_seconds) - now()))::integer);
    END IF;
  END LOOP;
  IF cardinality(refused) > 0 THEN
    RETURN QUERY SELECT false, greatest(wait, 1), refused, NULL::timestamptz;
    RETURN;
  END IF;
  UPDATE rate_limit_counters c
  SET hits_at = ARRAY(SELECT t FROM unnest(c.hits_at) AS t
                      WHERE t > now() - make_interval(secs => u.window_seconds) ORDER BY t) || now(),
      updated_at = now()
  FROM unnest(p_buckets, p_keys, p_window_seconds) AS u(bucket, key, window_seconds)
  WHERE c.bucket = u.bucket AND c.key = u.key;
  RETURN QUERY SELECT true, 0, '{}'::text[], now();
END
$$;
--> statement-breakpoint
-- Gives back one attempt taken at p_taken_at under each (bucket, key) pair (failures-only counting: the attempt
-- succeeded). Rows locked in the same order as rate_limit_take.
CREATE FUNCTION rate_limit_refund(p_buckets text[], p_keys text[], p_taken_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  rule record;
  found_at integer;
BEGIN
  FOR rule IN
    SELECT c.bucket, c.key, c.hits_at
    FROM unnest(p_buckets, p_keys) AS u(bucket, key)
    JOIN rate_limit_counters c ON c.bucket = u.bucket AND c.key = u.key
    ORDER BY c.bucket, c.key
    FOR UPDATE OF c
  LOOP
    found_at := array_position(rule.hits_at, p_taken_at);
    IF found_at IS NOT NULL THEN
      UPDATE rate_limit_counters
      SET hits_at = rule.hits_at[1:found_at - 1] || rule.hits_at[found_at + 1:]
      WHERE bucket = rule.bucket AND key = rule.key;
    END IF;
  END LOOP;
END
$$;
