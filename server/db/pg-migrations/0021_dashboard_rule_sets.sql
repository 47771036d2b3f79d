CREATE TABLE "dashboard_rule_sets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"corp_id" bigint NOT NULL,
	"cards" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_rule_sets" ADD CONSTRAINT "dashboard_rule_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_rule_sets" ADD CONSTRAINT "dashboard_rule_sets_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;