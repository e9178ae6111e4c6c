CREATE TABLE `follows` (
	`user_id` integer NOT NULL,
	`type` integer NOT NULL,
	`item_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `type`, `item_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "follows_type_ck" CHECK("follows"."type" in (1))
);
--> statement-breakpoint
CREATE INDEX `follows_user_created_idx` ON `follows` (`user_id`,`type`,`created_at`);