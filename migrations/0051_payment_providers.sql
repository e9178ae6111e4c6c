CREATE TABLE `order_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`provider` text NOT NULL,
	`trade_no` text NOT NULL,
	`refund_no` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "order_refunds_reason_ck" CHECK("order_refunds"."reason" in ('late_payment','operator')),
	CONSTRAINT "order_refunds_status_ck" CHECK("order_refunds"."status" in ('requested','done','pending','failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_order_uq` ON `order_refunds` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `pay_url` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `pay_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `return_path` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_pending_idx` ON `orders` (`status`,`expires_at`);