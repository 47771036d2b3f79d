CREATE INDEX "alarm_media_file" ON "alarm_media" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "files_corp_time" ON "files" USING btree ("corp_id","created_at");--> statement-breakpoint
CREATE INDEX "files_uploader_time" ON "files" USING btree ("corp_id","uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "flash_photos_file" ON "flash_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "waybill_receipts_file" ON "waybill_receipts" USING btree ("file_id");