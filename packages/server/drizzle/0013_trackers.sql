CREATE TABLE "device_profile" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"protocol" varchar(16) NOT NULL,
	"mappings" jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_command" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"text" varchar(512) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"created_by" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"response" text
);
--> statement-breakpoint
CREATE TABLE "tracker_io_seen" (
	"vehicle_id" integer NOT NULL,
	"io" integer NOT NULL,
	"last_value" double precision,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "tracker_io_seen_vehicle_id_io_pk" PRIMARY KEY("vehicle_id","io")
);
--> statement-breakpoint
CREATE TABLE "vehicle_tracker" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"protocol" varchar(16) NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"profile_id" integer,
	"last_connected_at" timestamp with time zone,
	"last_address" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "tracker_command" ADD CONSTRAINT "tracker_command_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_io_seen" ADD CONSTRAINT "tracker_io_seen_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tracker" ADD CONSTRAINT "vehicle_tracker_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tracker" ADD CONSTRAINT "vehicle_tracker_profile_id_device_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."device_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_profile_name_uq" ON "device_profile" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tracker_command_vehicle_idx" ON "tracker_command" USING btree ("vehicle_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_tracker_identifier_uq" ON "vehicle_tracker" USING btree ("protocol","identifier");--> statement-breakpoint
CREATE INDEX "vehicle_tracker_profile_idx" ON "vehicle_tracker" USING btree ("profile_id");