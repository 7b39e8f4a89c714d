-- The catalogue (issue 25): dated prices, menu, notice posts, venue documents, photos, and a version every process watches.
CREATE TABLE "catalogue_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" text PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_pence" integer NOT NULL,
	"allergens" text[] DEFAULT '{}'::text[] NOT NULL,
	"dietary" text[] DEFAULT '{}'::text[] NOT NULL,
	"emoji" text DEFAULT '🍽️' NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"poster_category" text NOT NULL,
	"image" jsonb,
	"photo" text,
	"sophisticated_description" text,
	"available" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_photos" (
	"key" text PRIMARY KEY NOT NULL,
	"small" "bytea" NOT NULL,
	"large" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"publish_from" date NOT NULL,
	"expires_on" date,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_type_prices" (
	"ticket_type_id" text NOT NULL,
	"from_date" date NOT NULL,
	"price_pence" integer NOT NULL,
	"fee_pence" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_type_prices_ticket_type_id_from_date_pk" PRIMARY KEY("ticket_type_id","from_date")
);
--> statement-breakpoint
ALTER TABLE "session_times" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sell_days" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "session_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type_prices" ADD CONSTRAINT "ticket_type_prices_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Today's prices become each ticket type's first dated price; the weekday-morning rule becomes days and sessions.
INSERT INTO "ticket_type_prices" ("ticket_type_id", "from_date", "price_pence", "fee_pence")
  SELECT "id", DATE '2000-01-01', "price_pence", "fee_pence" FROM "ticket_types";--> statement-breakpoint
UPDATE "ticket_types" SET "sell_days" = 'weekdays', "session_ids" = ARRAY['morning'] WHERE "weekday_morning_only";--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "price_pence";--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "fee_pence";--> statement-breakpoint
ALTER TABLE "ticket_types" DROP COLUMN "weekday_morning_only";