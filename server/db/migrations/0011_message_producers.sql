-- Messages produced by the events themselves (docs/decisions.md: message producers): the database
-- writes them in the same transaction as the change, so a refused or rolled-back action leaves no
-- message, and every code path (single, batch, import) produces the same one.
-- A driver refused a waybill (status 1 司机拒单): the user who created the waybill hears of it.
CREATE TRIGGER `messages_waybill_refused` AFTER UPDATE OF `status` ON `waybills`
WHEN NEW.`status` = 1 AND OLD.`status` <> 1 AND NEW.`created_by` IS NOT NULL
BEGIN
  INSERT INTO `messages` (`corp_id`, `user_id`, `kind`, `title`, `content`, `link`, `is_read`, `created_at`)
  SELECT NEW.`corp_id`, u.`id`, 'waybillRefused', '司机拒单', '运单 ' || NEW.`waybill_no` || ' 已被司机拒单，请重新派车',
         '/waybillDetails?waybillId=' || NEW.`id`, 0, NEW.`updated_at`
  FROM `users` u WHERE u.`id` = NEW.`created_by` AND u.`corp_id` = NEW.`corp_id`;
END;
--> statement-breakpoint
-- An order delegated to a carrier: every enabled user of that carrier hears of it.
CREATE TRIGGER `messages_order_delegated` AFTER UPDATE OF `carrier_id` ON `orders`
WHEN NEW.`carrier_id` IS NOT NULL AND (OLD.`carrier_id` IS NULL OR OLD.`carrier_id` <> NEW.`carrier_id`)
BEGIN
  INSERT INTO `messages` (`corp_id`, `user_id`, `kind`, `title`, `content`, `link`, `is_read`, `created_at`)
  SELECT NEW.`corp_id`, u.`id`, 'orderDelegated', '订单委托', '订单 ' || NEW.`order_no` || ' 已委托给贵司，请及时安排车辆',
         '/orderDetail?orderId=' || NEW.`id`, 0, NEW.`updated_at`
  FROM `users` u
  WHERE u.`corp_id` = NEW.`corp_id` AND u.`user_type` = 2 AND u.`partner_id` = NEW.`carrier_id` AND u.`is_deleted` = 0 AND u.`enabled` = 1;
END;
