-- report/carrier-monthly's summary rebuilt with the creation month in its key (docs/decisions.md "Report
-- summary tables"): (corp, carrier, month, day, business type), so the report's GROUP BY carrier, month
-- reads the rows in key order and sorts nothing. `month` is 'YYYY-MM' of the UTC+8 creation day, exactly
-- what the compiler's month grain made of `day`. Same rows and figures as 0017; the triggers are 0017's
-- with the month in every key and lookup. They are dropped first: renaming a table fails while
-- triggers name a missing one.
DROP TRIGGER IF EXISTS `waybill_day_stats_node_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `waybill_day_stats_node_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `waybill_day_stats_node_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `waybill_day_stats_waybill_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `waybill_day_stats_waybill_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `waybill_day_stats_waybill_update`;
--> statement-breakpoint
CREATE TABLE `__new_waybill_day_stats` (
	`corp_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`month` text NOT NULL,
	`day` integer NOT NULL,
	`business_type` integer NOT NULL,
	`waybill_count` integer NOT NULL,
	`arrived_count` integer NOT NULL,
	`on_time_count` integer NOT NULL,
	`late_count` integer NOT NULL,
	`late_measured_count` integer NOT NULL,
	`late_ms` integer NOT NULL,
	PRIMARY KEY(`corp_id`, `carrier_id`, `month`, `day`, `business_type`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_waybill_day_stats` (`corp_id`, `carrier_id`, `month`, `day`, `business_type`, `waybill_count`, `arrived_count`, `on_time_count`, `late_count`, `late_measured_count`, `late_ms`)
	SELECT `corp_id`, `carrier_id`, strftime('%Y-%m', `day` / 1000, 'unixepoch', '+8 hours'), `day`, `business_type`, `waybill_count`, `arrived_count`,
		`on_time_count`, `late_count`, `late_measured_count`, `late_ms`
	FROM `waybill_day_stats`;
--> statement-breakpoint
DROP TABLE `waybill_day_stats`;
--> statement-breakpoint
ALTER TABLE `__new_waybill_day_stats` RENAME TO `waybill_day_stats`;
--> statement-breakpoint
-- One end node joins its live waybill's row.
CREATE TRIGGER `waybill_day_stats_node_insert` AFTER INSERT ON `waybill_nodes` WHEN NEW.`node_type` = 'end' BEGIN
	INSERT INTO `waybill_day_stats` (`corp_id`, `carrier_id`, `month`, `day`, `business_type`, `waybill_count`, `arrived_count`, `on_time_count`, `late_count`, `late_measured_count`, `late_ms`)
		SELECT w.`corp_id`, coalesce(w.`carrier_id`, 0), strftime('%Y-%m', (((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, w.`business_type`,
			1, NEW.`actual_arrive_time` IS NOT NULL, coalesce(NEW.`arrive_state` IN (1, 2), 0), coalesce(NEW.`arrive_state` = 3, 0),
			coalesce(NEW.`arrive_state` = 3 AND NEW.`actual_arrive_time` IS NOT NULL AND NEW.`required_arrive_time` IS NOT NULL, 0),
			CASE WHEN NEW.`arrive_state` = 3 THEN coalesce(NEW.`actual_arrive_time` - NEW.`required_arrive_time`, 0) ELSE 0 END
		FROM `waybills` w WHERE w.`id` = NEW.`waybill_id` AND w.`is_deleted` = 0
		ON CONFLICT (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) DO UPDATE SET
			`waybill_count` = `waybill_count` + excluded.`waybill_count`, `arrived_count` = `arrived_count` + excluded.`arrived_count`,
			`on_time_count` = `on_time_count` + excluded.`on_time_count`, `late_count` = `late_count` + excluded.`late_count`,
			`late_measured_count` = `late_measured_count` + excluded.`late_measured_count`, `late_ms` = `late_ms` + excluded.`late_ms`;
END;
--> statement-breakpoint
-- One end node leaves its live waybill's row (a waybill's hard delete has removed it already:
-- the cascade runs after the waybill row is gone, so the lookup finds nothing).
CREATE TRIGGER `waybill_day_stats_node_delete` AFTER DELETE ON `waybill_nodes` WHEN OLD.`node_type` = 'end' BEGIN
	UPDATE `waybill_day_stats` SET `waybill_count` = `waybill_count` - 1, `arrived_count` = `arrived_count` - (OLD.`actual_arrive_time` IS NOT NULL),
		`on_time_count` = `on_time_count` - coalesce(OLD.`arrive_state` IN (1, 2), 0), `late_count` = `late_count` - coalesce(OLD.`arrive_state` = 3, 0),
		`late_measured_count` = `late_measured_count` - coalesce(OLD.`arrive_state` = 3 AND OLD.`actual_arrive_time` IS NOT NULL AND OLD.`required_arrive_time` IS NOT NULL, 0),
		`late_ms` = `late_ms` - CASE WHEN OLD.`arrive_state` = 3 THEN coalesce(OLD.`actual_arrive_time` - OLD.`required_arrive_time`, 0) ELSE 0 END
	WHERE (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) = (SELECT w.`corp_id`, coalesce(w.`carrier_id`, 0), strftime('%Y-%m', (((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, w.`business_type`
		FROM `waybills` w WHERE w.`id` = OLD.`waybill_id` AND w.`is_deleted` = 0);
	DELETE FROM `waybill_day_stats` WHERE `waybill_count` = 0 AND (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) = (SELECT w.`corp_id`, coalesce(w.`carrier_id`, 0), strftime('%Y-%m', (((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, w.`business_type`
		FROM `waybills` w WHERE w.`id` = OLD.`waybill_id`);
END;
--> statement-breakpoint
-- An arrival recorded or corrected, or a node moved to another waybill or type: out as it was, in as it is.
CREATE TRIGGER `waybill_day_stats_node_update` AFTER UPDATE OF `waybill_id`, `node_type`, `actual_arrive_time`, `required_arrive_time`, `arrive_state` ON `waybill_nodes`
	WHEN OLD.`node_type` = 'end' OR NEW.`node_type` = 'end' BEGIN
	UPDATE `waybill_day_stats` SET `waybill_count` = `waybill_count` - 1, `arrived_count` = `arrived_count` - (OLD.`actual_arrive_time` IS NOT NULL),
		`on_time_count` = `on_time_count` - coalesce(OLD.`arrive_state` IN (1, 2), 0), `late_count` = `late_count` - coalesce(OLD.`arrive_state` = 3, 0),
		`late_measured_count` = `late_measured_count` - coalesce(OLD.`arrive_state` = 3 AND OLD.`actual_arrive_time` IS NOT NULL AND OLD.`required_arrive_time` IS NOT NULL, 0),
		`late_ms` = `late_ms` - CASE WHEN OLD.`arrive_state` = 3 THEN coalesce(OLD.`actual_arrive_time` - OLD.`required_arrive_time`, 0) ELSE 0 END
	WHERE OLD.`node_type` = 'end' AND (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) = (SELECT w.`corp_id`, coalesce(w.`carrier_id`, 0), strftime('%Y-%m', (((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, w.`business_type`
		FROM `waybills` w WHERE w.`id` = OLD.`waybill_id` AND w.`is_deleted` = 0);
	DELETE FROM `waybill_day_stats` WHERE `waybill_count` = 0 AND (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) = (SELECT w.`corp_id`, coalesce(w.`carrier_id`, 0), strftime('%Y-%m', (((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, w.`business_type`
		FROM `waybills` w WHERE w.`id` = OLD.`waybill_id`);
	INSERT INTO `waybill_day_stats` (`corp_id`, `carrier_id`, `month`, `day`, `business_type`, `waybill_count`, `arrived_count`, `on_time_count`, `late_count`, `late_measured_count`, `late_ms`)
		SELECT w.`corp_id`, coalesce(w.`carrier_id`, 0), strftime('%Y-%m', (((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((w.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, w.`business_type`,
			1, NEW.`actual_arrive_time` IS NOT NULL, coalesce(NEW.`arrive_state` IN (1, 2), 0), coalesce(NEW.`arrive_state` = 3, 0),
			coalesce(NEW.`arrive_state` = 3 AND NEW.`actual_arrive_time` IS NOT NULL AND NEW.`required_arrive_time` IS NOT NULL, 0),
			CASE WHEN NEW.`arrive_state` = 3 THEN coalesce(NEW.`actual_arrive_time` - NEW.`required_arrive_time`, 0) ELSE 0 END
		FROM `waybills` w WHERE NEW.`node_type` = 'end' AND w.`id` = NEW.`waybill_id` AND w.`is_deleted` = 0
		ON CONFLICT (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) DO UPDATE SET
			`waybill_count` = `waybill_count` + excluded.`waybill_count`, `arrived_count` = `arrived_count` + excluded.`arrived_count`,
			`on_time_count` = `on_time_count` + excluded.`on_time_count`, `late_count` = `late_count` + excluded.`late_count`,
			`late_measured_count` = `late_measured_count` + excluded.`late_measured_count`, `late_ms` = `late_ms` + excluded.`late_ms`;
END;
--> statement-breakpoint
-- A waybill inserted with end nodes already present (only possible with foreign keys off) counts them.
CREATE TRIGGER `waybill_day_stats_waybill_insert` AFTER INSERT ON `waybills` WHEN NEW.`is_deleted` = 0 BEGIN
	INSERT INTO `waybill_day_stats` (`corp_id`, `carrier_id`, `month`, `day`, `business_type`, `waybill_count`, `arrived_count`, `on_time_count`, `late_count`, `late_measured_count`, `late_ms`)
		SELECT NEW.`corp_id`, coalesce(NEW.`carrier_id`, 0), strftime('%Y-%m', (((NEW.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((NEW.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, NEW.`business_type`,
			count(*), count(n.`actual_arrive_time`), sum(coalesce(n.`arrive_state` IN (1, 2), 0)), sum(coalesce(n.`arrive_state` = 3, 0)),
			sum(coalesce(n.`arrive_state` = 3 AND n.`actual_arrive_time` IS NOT NULL AND n.`required_arrive_time` IS NOT NULL, 0)),
			sum(CASE WHEN n.`arrive_state` = 3 THEN coalesce(n.`actual_arrive_time` - n.`required_arrive_time`, 0) ELSE 0 END)
		FROM `waybill_nodes` n WHERE n.`waybill_id` = NEW.`id` AND n.`node_type` = 'end' GROUP BY n.`waybill_id`
		ON CONFLICT (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) DO UPDATE SET
			`waybill_count` = `waybill_count` + excluded.`waybill_count`, `arrived_count` = `arrived_count` + excluded.`arrived_count`,
			`on_time_count` = `on_time_count` + excluded.`on_time_count`, `late_count` = `late_count` + excluded.`late_count`,
			`late_measured_count` = `late_measured_count` + excluded.`late_measured_count`, `late_ms` = `late_ms` + excluded.`late_ms`;
END;
--> statement-breakpoint
-- A hard delete: BEFORE, while the end nodes still exist (the cascade then finds no live waybill).
CREATE TRIGGER `waybill_day_stats_waybill_delete` BEFORE DELETE ON `waybills` WHEN OLD.`is_deleted` = 0 BEGIN
	UPDATE `waybill_day_stats` SET `waybill_count` = `waybill_count` - a.`d_n`, `arrived_count` = `arrived_count` - a.`d_arrived`, `on_time_count` = `on_time_count` - a.`d_on_time`,
		`late_count` = `late_count` - a.`d_late`, `late_measured_count` = `late_measured_count` - a.`d_late_measured`, `late_ms` = `late_ms` - a.`d_late_ms`
	FROM (SELECT count(*) AS `d_n`, count(n.`actual_arrive_time`) AS `d_arrived`, coalesce(sum(coalesce(n.`arrive_state` IN (1, 2), 0)), 0) AS `d_on_time`,
			coalesce(sum(coalesce(n.`arrive_state` = 3, 0)), 0) AS `d_late`,
			coalesce(sum(coalesce(n.`arrive_state` = 3 AND n.`actual_arrive_time` IS NOT NULL AND n.`required_arrive_time` IS NOT NULL, 0)), 0) AS `d_late_measured`,
			coalesce(sum(CASE WHEN n.`arrive_state` = 3 THEN coalesce(n.`actual_arrive_time` - n.`required_arrive_time`, 0) ELSE 0 END), 0) AS `d_late_ms`
		FROM `waybill_nodes` n WHERE n.`waybill_id` = OLD.`id` AND n.`node_type` = 'end') a
	WHERE `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `month` = strftime('%Y-%m', (((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours')
		AND `day` = ((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000 AND `business_type` = OLD.`business_type`;
	DELETE FROM `waybill_day_stats` WHERE `waybill_count` = 0 AND `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `month` = strftime('%Y-%m', (((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours')
		AND `day` = ((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000 AND `business_type` = OLD.`business_type`;
END;
--> statement-breakpoint
-- Soft delete, restore, or a change of carrier, business type, creation time or corporation moves the
-- waybill's end nodes from the row they were counted in to the row they belong to now.
CREATE TRIGGER `waybill_day_stats_waybill_update` AFTER UPDATE OF `corp_id`, `carrier_id`, `business_type`, `created_at`, `is_deleted` ON `waybills`
	WHEN OLD.`is_deleted` IS NOT NEW.`is_deleted` OR OLD.`carrier_id` IS NOT NEW.`carrier_id` OR OLD.`business_type` IS NOT NEW.`business_type`
		OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`corp_id` IS NOT NEW.`corp_id` BEGIN
	UPDATE `waybill_day_stats` SET `waybill_count` = `waybill_count` - a.`d_n`, `arrived_count` = `arrived_count` - a.`d_arrived`, `on_time_count` = `on_time_count` - a.`d_on_time`,
		`late_count` = `late_count` - a.`d_late`, `late_measured_count` = `late_measured_count` - a.`d_late_measured`, `late_ms` = `late_ms` - a.`d_late_ms`
	FROM (SELECT count(*) AS `d_n`, count(n.`actual_arrive_time`) AS `d_arrived`, coalesce(sum(coalesce(n.`arrive_state` IN (1, 2), 0)), 0) AS `d_on_time`,
			coalesce(sum(coalesce(n.`arrive_state` = 3, 0)), 0) AS `d_late`,
			coalesce(sum(coalesce(n.`arrive_state` = 3 AND n.`actual_arrive_time` IS NOT NULL AND n.`required_arrive_time` IS NOT NULL, 0)), 0) AS `d_late_measured`,
			coalesce(sum(CASE WHEN n.`arrive_state` = 3 THEN coalesce(n.`actual_arrive_time` - n.`required_arrive_time`, 0) ELSE 0 END), 0) AS `d_late_ms`
		FROM `waybill_nodes` n WHERE n.`waybill_id` = OLD.`id` AND n.`node_type` = 'end') a
	WHERE OLD.`is_deleted` = 0 AND `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `month` = strftime('%Y-%m', (((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours')
		AND `day` = ((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000 AND `business_type` = OLD.`business_type`;
	DELETE FROM `waybill_day_stats` WHERE `waybill_count` = 0 AND `corp_id` = OLD.`corp_id` AND `carrier_id` = coalesce(OLD.`carrier_id`, 0) AND `month` = strftime('%Y-%m', (((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours')
		AND `day` = ((OLD.`created_at` + 28800000) / 86400000) * 86400000 - 28800000 AND `business_type` = OLD.`business_type`;
	INSERT INTO `waybill_day_stats` (`corp_id`, `carrier_id`, `month`, `day`, `business_type`, `waybill_count`, `arrived_count`, `on_time_count`, `late_count`, `late_measured_count`, `late_ms`)
		SELECT NEW.`corp_id`, coalesce(NEW.`carrier_id`, 0), strftime('%Y-%m', (((NEW.`created_at` + 28800000) / 86400000) * 86400000 - 28800000) / 1000, 'unixepoch', '+8 hours'), ((NEW.`created_at` + 28800000) / 86400000) * 86400000 - 28800000, NEW.`business_type`,
			count(*), count(n.`actual_arrive_time`), sum(coalesce(n.`arrive_state` IN (1, 2), 0)), sum(coalesce(n.`arrive_state` = 3, 0)),
			sum(coalesce(n.`arrive_state` = 3 AND n.`actual_arrive_time` IS NOT NULL AND n.`required_arrive_time` IS NOT NULL, 0)),
			sum(CASE WHEN n.`arrive_state` = 3 THEN coalesce(n.`actual_arrive_time` - n.`required_arrive_time`, 0) ELSE 0 END)
		FROM `waybill_nodes` n WHERE NEW.`is_deleted` = 0 AND n.`waybill_id` = NEW.`id` AND n.`node_type` = 'end' GROUP BY n.`waybill_id`
		ON CONFLICT (`corp_id`, `carrier_id`, `month`, `day`, `business_type`) DO UPDATE SET
			`waybill_count` = `waybill_count` + excluded.`waybill_count`, `arrived_count` = `arrived_count` + excluded.`arrived_count`,
			`on_time_count` = `on_time_count` + excluded.`on_time_count`, `late_count` = `late_count` + excluded.`late_count`,
			`late_measured_count` = `late_measured_count` + excluded.`late_measured_count`, `late_ms` = `late_ms` + excluded.`late_ms`;
END;
