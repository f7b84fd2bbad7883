CREATE TABLE "challenges" (
	"day" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"output" text NOT NULL,
	"ai_pun" text,
	"ai_status" text DEFAULT 'pending' NOT NULL,
	"ai_claimed_at" timestamp with time zone,
	"ai_attempts" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'scheduler' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_day_format" CHECK ("challenges"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "challenges_ai_status" CHECK ("challenges"."ai_status" in ('pending', 'success', 'failed')),
	CONSTRAINT "challenges_source" CHECK ("challenges"."source" in ('scheduler', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"text" text NOT NULL,
	"category" text NOT NULL,
	"output" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"crown_count" integer DEFAULT 0 NOT NULL,
	"fire_count" integer DEFAULT 0 NOT NULL,
	"thinker_count" integer DEFAULT 0 NOT NULL,
	"laughing_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "puns_text_length" CHECK (char_length("puns"."text") between 1 and 1000),
	CONSTRAINT "puns_counts_non_negative" CHECK ("puns"."crown_count" >= 0 and "puns"."fire_count" >= 0 and "puns"."thinker_count" >= 0 and "puns"."laughing_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "puns" ADD CONSTRAINT "puns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puns" ADD CONSTRAINT "puns_day_challenges_day_fk" FOREIGN KEY ("day") REFERENCES "public"."challenges"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "puns_user_day_key" ON "puns" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "puns_created_idx" ON "puns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "puns_user_created_idx" ON "puns" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "puns_day_top_idx" ON "puns" USING btree ("day","crown_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);