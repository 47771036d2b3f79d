-- The waybill status tabs over a million rows (docs/decisions.md "Waybill tab counts"): live
-- waybills per corporation, carrier (0 for none) and status, kept exact by triggers in the same
-- transaction as every write to waybills, whoever writes (endpoints, fixtures, tests).
CREATE TABLE `waybill_status_counts` (
	`corp_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`status` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`corp_id`, `carrier_id`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `waybill_status_counts` (`corp_id`, `carrier_id`, `status`, `n`)
	SELECT `corp_id`, coalesce(`carrier_id`, 0), `status`, count(*) FROM `waybills` WHERE `is_deleted` = 0 GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `waybill_status_counts_insert` AFTER INSERT ON `waybills` WHEN NEW.`is_deleted` = 0 BEGIN
	INSERT INTO `waybill_status_counts` (`corp_id`, `carrier_id`, `status`, `n`) VALUES (NEW.`corp_id`, coalesce(NEW.`carrier_id`, 0), NEW.`status`, 1)
		ON CONFLICT (`corp_id`, `carrier_id`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_status_counts_delete` AFTER DELETE ON `waybills` WHEN OLD.`is_deleted` = 0 BEGIN
	UPDATE `waybill_status_counts` SET `n` = `n` - 1 WHERE `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `status` = OLD.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_status_counts_update` AFTER UPDATE OF `corp_id`, `carrier_id`, `status`, `is_deleted` ON `waybills`
	WHEN OLD.`is_deleted` IS NOT NEW.`is_deleted` OR OLD.`status` IS NOT NEW.`status` OR OLD.`carrier_id` IS NOT NEW.`carrier_id` OR OLD.`corp_id` IS NOT NEW.`corp_id` BEGIN
	UPDATE `waybill_status_counts` SET `n` = `n` - 1
		WHERE OLD.`is_deleted` = 0 AND `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `status` = OLD.`status`;
	INSERT INTO `waybill_status_counts` (`corp_id`, `carrier_id`, `status`, `n`)
		SELECT NEW.`corp_id`, coalesce(NEW.`carrier_id`, 0), NEW.`status`, 1 WHERE NEW.`is_deleted` = 0
		ON CONFLICT (`corp_id`, `carrier_id`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
-- Tab counts within a creation period read the status from the index instead of a million rows.
CREATE INDEX `waybills_corp_created_status` ON `waybills` (`corp_id`, `is_deleted`, `created_at`, `status`);
