ALTER TABLE `order_goods` ADD `goods_info_id` integer REFERENCES goods(id);--> statement-breakpoint
CREATE INDEX `order_goods_goods_info` ON `order_goods` (`goods_info_id`);