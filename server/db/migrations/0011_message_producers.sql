-- Messages produced by the events themselves (docs/decisions.md: message producers): the database
-- writes them in the same transaction as the change, so a refused or rolled-back action leaves no
-- message, and every code path (single, batch, import) produces the same one.
-- A driver refused a waybill (status 1 司机拒单): the user who created the waybill hears of it.
CREATE TRIGGER `messages_waybill_refused` AFTER UPDATE OF `status` ON `waybills`
WHEN NEW.`status` = 1 AND OLD.`status` <> 1 AND NEW.`created_by` IS NOT NULL
BEGIN
  INSERT INTO `messages` (`corp_id`, `user_id`, `kind`, `title`, `content`, `link`, `is_read`, `created_at`)
  SELECT NEW.`corp_id`, u.`id`, waybillRefused, 司机拒单, 运单