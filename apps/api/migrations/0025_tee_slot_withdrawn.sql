-- Tee windows (issue 23): a tee time a window change left outside every window is withdrawn from sale, not deleted, while bookings point at it.
ALTER TABLE "tee_slots" ADD COLUMN "withdrawn_at" timestamp with time zone;
