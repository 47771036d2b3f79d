CREATE TABLE `unit_prices` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`price_code` text NOT NULL,
	`price_name` text NOT NULL,
	`price_direction` integer NOT NULL,
	`goods_id` integer,
	`goods_category` integer,
	`customer_id` integer,
	`carrier_id` integer,
	`price_unit` integer NOT NULL,
	`price` integer NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_until` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`goods_id`) REFERENCES `goods`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unit_prices_price_code` ON `unit_prices` (`corp_id`,`price_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `unit_prices_goods_id` ON `unit_prices` (`corp_id`,`is_deleted`,`goods_id`);--> statement-breakpoint
CREATE INDEX `unit_prices_customer_id` ON `unit_prices` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `unit_prices_carrier_id` ON `unit_prices` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `unit_prices_price_direction` ON `unit_prices` (`corp_id`,`is_deleted`,`price_direction`);--> statement-breakpoint
CREATE INDEX `unit_prices_goods_category` ON `unit_prices` (`corp_id`,`is_deleted`,`goods_category`);--> statement-breakpoint
CREATE INDEX `unit_prices_price_unit` ON `unit_prices` (`corp_id`,`is_deleted`,`price_unit`);--> statement-breakpoint
CREATE INDEX `unit_prices_status` ON `unit_prices` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `unit_prices_updated` ON `unit_prices` (`corp_id`,`is_deleted`,`updated_at`);