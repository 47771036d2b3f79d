ALTER TABLE "order_goods" ADD COLUMN "goods_info_id" bigint;--> statement-breakpoint
ALTER TABLE "order_goods" ADD CONSTRAINT "order_goods_goods_info_id_goods_id_fk" FOREIGN KEY ("goods_info_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_goods_goods_info" ON "order_goods" USING btree ("goods_info_id");