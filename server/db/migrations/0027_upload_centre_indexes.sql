CREATE INDEX `files_corp_time` ON `files` (`corp_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `files_uploader_time` ON `files` (`corp_id`,`uploaded_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `waybill_receipts_file` ON `waybill_receipts` (`file_id`);--> statement-breakpoint
CREATE INDEX `alarm_media_file` ON `alarm_media` (`file_id`);--> statement-breakpoint
CREATE INDEX `flash_photos_file` ON `flash_photos` (`file_id`);