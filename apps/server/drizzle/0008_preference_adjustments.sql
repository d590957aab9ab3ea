CREATE TABLE "swipe_preference_adjustments" (
	"profile_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"adjustment" text,
	"removed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_preference_adjustments_profile_id_dimension_key_pk" PRIMARY KEY("profile_id","dimension","key"),
	CONSTRAINT "swipe_preference_adjustments_dimension_check" CHECK ("swipe_preference_adjustments"."dimension" in ('tags', 'brands', 'product_brands', 'colors')),
	CONSTRAINT "swipe_preference_adjustments_adjustment_check" CHECK ("swipe_preference_adjustments"."adjustment" in ('more', 'less'))
);
--> statement-breakpoint
ALTER TABLE "swipe_events" ADD COLUMN "product_brands" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "swipe_preference_adjustments" ADD CONSTRAINT "swipe_preference_adjustments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;