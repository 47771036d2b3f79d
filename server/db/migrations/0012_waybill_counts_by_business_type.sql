-- The tab counts of a business line's waybill list (its fixed businessType filter) read the
-- maintained counts too: waybill_status_counts gains the business type in its key.
DROP TRIGGER `waybill_status_counts_insert`;
--> statement-breakpoint
DROP TRIGGER `waybill_status_counts_delete`;
--> statement-breakpoint
DROP TRIGGER `waybill_status_counts_update`;
--> statement-breakpoint
DROP TABLE `waybill_status_counts`;
--> statement-breakpoint
CREATE TABLE `waybill_status_counts` (
	`corp_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`business_type` integer NOT NULL,
	`status` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`corp_id`, `carrier_id`, `business_type`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `waybill_status_counts` (`corp_id`, `carrier_id`, `business_type`, `status`, `n`)
	SELECT `corp_id`, coalesce(`carrier_id`, 0), `business_type`, `status`, count(*) FROM `waybills` WHERE `is_deleted` = 0 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `waybill_status_counts_insert` AFTER INSERT ON `waybills` WHEN NEW.`is_deleted` = 0 BEGIN
	INSERT INTO `waybill_status_counts` (`corp_id`, `carrier_id`, `business_type`, `status`, `n`) VALUES (NEW.`corp_id`, coalesce(NEW.`carrier_id`, 0), NEW.`business_type`, NEW.`status`, 1)
		ON CONFLICT (`corp_id`, `carrier_id`, `business_type`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_status_counts_delete` AFTER DELETE ON `waybills` WHEN OLD.`is_deleted` = 0 BEGIN
	UPDATE `waybill_status_counts` SET `n` = `n` - 1
		WHERE `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `business_type` = OLD.`business_type` AND `status` = OLD.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_status_counts_update` AFTER UPDATE OF `corp_id`, `carrier_id`, `business_type`, `status`, `is_deleted` ON `waybills`
	WHEN OLD.`is_deleted` IS NOT NEW.`is_deleted` OR OLD.`status` IS NOT NEW.`status` OR OLD.`carrier_id` IS NOT NEW.`carrier_id`
		OR OLD.`corp_id` IS NOT NEW.`corp_id` OR OLD.`business_type` IS NOT NEW.`business_type` BEGIN
	UPDATE `waybill_status_counts` SET `n` = `n` - 1
		WHERE OLD.`is_deleted` = 0 AND `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0)
			AND `business_type` = OLD.`business_type` AND `status` = OLD.`status`;
	INSERT INTO `waybill_status_counts` (`corp_id`, `carrier_id`, `business_type`, `status`, `n`)
		SELECT NEW.`corp_id`, coalesce(NEW.`carrier_id`, 0), NEW.`business_type`, NEW.`status`, 1 WHERE NEW.`is_deleted` = 0
		ON CONFLICT (`corp_id`, `carrier_id`, `business_type`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
