CREATE TABLE "dealer" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(254) NOT NULL,
	"mobile_number" varchar(15) NOT NULL,
	"company" varchar(255) NOT NULL,
	"address" varchar(500) NOT NULL,
	"activation" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(254) NOT NULL,
	"mobile" varchar(15) NOT NULL,
	"address" varchar(500) NOT NULL,
	"fleet_id" integer NOT NULL,
	"db_file_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(254) NOT NULL,
	"dealer_id" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "super_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(254) NOT NULL,
	"mobile_number" varchar(15) NOT NULL,
	"address" varchar(500) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"vin" varchar(64) NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"dealer_id" integer,
	"fleet_id" integer,
	"driver_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_vin_uq" UNIQUE("vin")
);
--> statement-breakpoint
ALTER TABLE "dealer" ADD CONSTRAINT "dealer_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver" ADD CONSTRAINT "driver_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver" ADD CONSTRAINT "driver_db_file_id_stored_file_id_fk" FOREIGN KEY ("db_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver" ADD CONSTRAINT "driver_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet" ADD CONSTRAINT "fleet_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet" ADD CONSTRAINT "fleet_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_uploaded_by_app_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_user" ADD CONSTRAINT "super_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_driver_id_driver_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."driver"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_email_uq" ON "dealer" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_user_uq" ON "dealer" USING btree ("user_id") WHERE "dealer"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "dealer_name_trgm" ON "dealer" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealer_email_trgm" ON "dealer" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealer_company_trgm" ON "dealer" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "driver_email_uq" ON "driver" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "driver_user_uq" ON "driver" USING btree ("user_id") WHERE "driver"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_file_uq" ON "driver" USING btree ("db_file_id") WHERE "driver"."db_file_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_fleet_idx" ON "driver" USING btree ("fleet_id","id");--> statement-breakpoint
CREATE INDEX "driver_name_trgm" ON "driver" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "driver_email_trgm" ON "driver" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_email_uq" ON "fleet" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_user_uq" ON "fleet" USING btree ("user_id") WHERE "fleet"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "fleet_dealer_idx" ON "fleet" USING btree ("dealer_id","id");--> statement-breakpoint
CREATE INDEX "fleet_name_trgm" ON "fleet" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fleet_email_trgm" ON "fleet" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "super_user_email_uq" ON "super_user" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "super_user_user_uq" ON "super_user" USING btree ("user_id") WHERE "super_user"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "super_user_name_trgm" ON "super_user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "super_user_email_trgm" ON "super_user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_dealer_idx" ON "vehicle" USING btree ("dealer_id","fleet_id");--> statement-breakpoint
CREATE INDEX "vehicle_fleet_idx" ON "vehicle" USING btree ("fleet_id","driver_id");--> statement-breakpoint
CREATE INDEX "vehicle_driver_idx" ON "vehicle" USING btree ("driver_id");