-- Tab counts of a creation period and of a number fragment without counting a million rows
-- (docs/decisions.md "Waybill counts by day" and "Number search index").
--
-- 1. waybill_day_counts (0014, server/db/schema-waybill-day-counts.ts) is rebuilt WITHOUT ROWID:
--    a period's sum then reads the primary key alone. Filled from the live waybills, then kept
--    exact by triggers in the same transaction as every write to waybills, whoever writes, like
--    waybill_status_counts (0009, 0012). The day is the Shanghai calendar day of created_at, the
--    day the console's date ranges are cut at: (created_at + 8 h) / 24 h. Rows that fall to 0
--    are deleted, so the table holds only days, carriers, types and statuses that have waybills.
DROP INDEX `waybill_day_counts_carrier`;
--> statement-breakpoint
DROP TABLE `waybill_day_counts`;
--> statement-breakpoint
CREATE TABLE `waybill_day_counts` (
	`corp_id` integer NOT NULL,
	`day` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`business_type` integer NOT NULL,
	`status` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`corp_id`, `day`, `carrier_id`, `business_type`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `waybill_day_counts_carrier` ON `waybill_day_counts` (`corp_id`,`carrier_id`,`day`);
--> statement-breakpoint
INSERT INTO `waybill_day_counts` (`corp_id`, `day`, `carrier_id`, `business_type`, `status`, `n`)
	SELECT `corp_id`, (`created_at` + 28800000) / 86400000, coalesce(`carrier_id`, 0), `business_type`, `status`, count(*)
	FROM `waybills` WHERE `is_deleted` = 0 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER `waybill_day_counts_insert` AFTER INSERT ON `waybills` WHEN NEW.`is_deleted` = 0 BEGIN
	INSERT INTO `waybill_day_counts` (`corp_id`, `day`, `carrier_id`, `business_type`, `status`, `n`)
		VALUES (NEW.`corp_id`, (NEW.`created_at` + 28800000) / 86400000, coalesce(NEW.`carrier_id`, 0), NEW.`business_type`, NEW.`status`, 1)
		ON CONFLICT (`corp_id`, `day`, `carrier_id`, `business_type`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_day_counts_delete` AFTER DELETE ON `waybills` WHEN OLD.`is_deleted` = 0 BEGIN
	UPDATE `waybill_day_counts` SET `n` = `n` - 1
		WHERE `corp_id` = OLD.`corp_id` AND `day` = (OLD.`created_at` + 28800000) / 86400000 AND `carrier_id` = coalesce(OLD.`carrier_id`, 0)
			AND `business_type` = OLD.`business_type` AND `status` = OLD.`status`;
	DELETE FROM `waybill_day_counts`
		WHERE `corp_id` = OLD.`corp_id` AND `day` = (OLD.`created_at` + 28800000) / 86400000 AND `carrier_id` = coalesce(OLD.`carrier_id`, 0)
			AND `business_type` = OLD.`business_type` AND `status` = OLD.`status` AND `n` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_day_counts_update` AFTER UPDATE OF `corp_id`, `created_at`, `carrier_id`, `business_type`, `status`, `is_deleted` ON `waybills`
	WHEN OLD.`is_deleted` IS NOT NEW.`is_deleted` OR OLD.`status` IS NOT NEW.`status` OR OLD.`carrier_id` IS NOT NEW.`carrier_id`
		OR OLD.`corp_id` IS NOT NEW.`corp_id` OR OLD.`business_type` IS NOT NEW.`business_type` OR OLD.`created_at` IS NOT NEW.`created_at` BEGIN
	UPDATE `waybill_day_counts` SET `n` = `n` - 1
		WHERE OLD.`is_deleted` = 0 AND `corp_id` = OLD.`corp_id` AND `day` = (OLD.`created_at` + 28800000) / 86400000
			AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `business_type` = OLD.`business_type` AND `status` = OLD.`status`;
	DELETE FROM `waybill_day_counts`
		WHERE OLD.`is_deleted` = 0 AND `corp_id` = OLD.`corp_id` AND `day` = (OLD.`created_at` + 28800000) / 86400000
			AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `business_type` = OLD.`business_type` AND `status` = OLD.`status` AND `n` = 0;
	INSERT INTO `waybill_day_counts` (`corp_id`, `day`, `carrier_id`, `business_type`, `status`, `n`)
		SELECT NEW.`corp_id`, (NEW.`created_at` + 28800000) / 86400000, coalesce(NEW.`carrier_id`, 0), NEW.`business_type`, NEW.`status`, 1 WHERE NEW.`is_deleted` = 0
		ON CONFLICT (`corp_id`, `day`, `carrier_id`, `business_type`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
-- 2. waybill_no_fts: a trigram index of every waybill number (contentless, rowid = waybills.id,
--    detail=none: it only says which numbers hold all the trigrams of a fragment). A number
--    "contains" filter of 3 or more characters takes its candidates from here and keeps only those
--    its LIKE matches, so the answer is LIKE's own (server/domain/waybills/number-search.ts). Every
--    row is indexed, deleted or not, of any corporation: the list's scope filters the candidates.
CREATE VIRTUAL TABLE `waybill_no_fts` USING fts5(`waybill_no`, tokenize = 'trigram', content = '', contentless_delete = 1, detail = none);
--> statement-breakpoint
INSERT INTO `waybill_no_fts` (`rowid`, `waybill_no`) SELECT `id`, `waybill_no` FROM `waybills`;
--> statement-breakpoint
CREATE TRIGGER `waybill_no_fts_insert` AFTER INSERT ON `waybills` BEGIN
	INSERT INTO `waybill_no_fts` (`rowid`, `waybill_no`) VALUES (NEW.`id`, NEW.`waybill_no`);
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_no_fts_delete` AFTER DELETE ON `waybills` BEGIN
	DELETE FROM `waybill_no_fts` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `waybill_no_fts_update` AFTER UPDATE OF `id`, `waybill_no` ON `waybills`
	WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`waybill_no` IS NOT NEW.`waybill_no` BEGIN
	DELETE FROM `waybill_no_fts` WHERE `rowid` = OLD.`id`;
	INSERT INTO `waybill_no_fts` (`rowid`, `waybill_no`) VALUES (NEW.`id`, NEW.`waybill_no`);
END;
