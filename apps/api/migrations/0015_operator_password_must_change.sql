-- A password set by the resort (the operator CLI) must be replaced by the operator before they book (issue 24).
-- Existing accounts keep working as they are: their operators may long since have chosen their own.
ALTER TABLE "operators" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;
