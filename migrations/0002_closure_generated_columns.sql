ALTER TABLE `closures` ADD `close_year` integer GENERATED ALWAYS AS (close_date / 10000) VIRTUAL;--> statement-breakpoint
ALTER TABLE `closures` ADD `survival_months` integer GENERATED ALWAYS AS (max(0, ((close_date / 10000) * 12 + (close_date / 100) % 100) - ((born_date / 10000) * 12 + (born_date / 100) % 100) - (CASE WHEN close_date % 100 < born_date % 100 THEN 1 ELSE 0 END))) VIRTUAL;--> statement-breakpoint
CREATE INDEX `closures_survival_idx` ON `closures` (`survival_months`);--> statement-breakpoint
CREATE INDEX `closures_year_idx` ON `closures` (`close_year`);