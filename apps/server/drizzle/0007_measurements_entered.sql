ALTER TABLE "profiles" ALTER COLUMN "chest_circumference" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "chest_circumference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "waist_circumference" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "waist_circumference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "hip_circumference" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "hip_circumference" DROP NOT NULL;--> statement-breakpoint
-- Rows made before this migration cannot tell entered measurements from the defaults they were given.
-- The exact default triple 90/75/95 is taken as never entered: asking someone again is harmless, while
-- keeping a value they never entered would show it and match on it.
UPDATE "profiles" SET "chest_circumference" = NULL, "waist_circumference" = NULL, "hip_circumference" = NULL
WHERE "chest_circumference" = 90 AND "waist_circumference" = 75 AND "hip_circumference" = 95;
