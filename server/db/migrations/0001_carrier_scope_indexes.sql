DROP INDEX `drivers_carrier`;--> statement-breakpoint
CREATE INDEX `drivers_carrier` ON `drivers` (`corp_id`,`is_deleted`,`carrier_id`,`updated_at`);--> statement-breakpoint
DROP INDEX `vehicles_carrier`;--> statement-breakpoint
CREATE INDEX `vehicles_carrier` ON `vehicles` (`corp_id`,`is_deleted`,`carrier_id`,`updated_at`);