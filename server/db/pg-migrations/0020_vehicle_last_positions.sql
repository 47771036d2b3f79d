CREATE TABLE "vehicle_last_positions" (
	"vehicle_id" bigint PRIMARY KEY NOT NULL,
	"corp_id" bigint NOT NULL,
	"gps_time" bigint NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"speed" double precision NOT NULL,
	"direction" bigint NOT NULL,
	"odometer" double precision NOT NULL,
	"status" bigint NOT NULL,
	"sensors" text NOT NULL,
	"stored_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_last_positions" ADD CONSTRAINT "vehicle_last_positions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_last_positions" ADD CONSTRAINT "vehicle_last_positions_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_last_positions_corp_time" ON "vehicle_last_positions" USING btree ("corp_id","gps_time");