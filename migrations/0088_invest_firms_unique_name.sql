DROP INDEX `invest_firms_name_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `invest_firms_name_idx` ON `invest_firms` (`name`);