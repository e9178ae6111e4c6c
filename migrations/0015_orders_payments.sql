CREATE TABLE `sandbox_trades` (
	`trade_no` text PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`amount_fen` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_trades_order_uq` ON `sandbox_trades` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `kind` text DEFAULT 'coins' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `close_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `expires_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `pay_nonce` text;