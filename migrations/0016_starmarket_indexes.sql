CREATE INDEX `smc_com_idx` ON `starmarket_companies` (`com_id`);--> statement-breakpoint
CREATE INDEX `smc_listed_prov_accept_idx` ON `starmarket_companies` (`is_listed`,`com_prov`,`acceptance_time`);--> statement-breakpoint
CREATE INDEX `smc_listed_cat_accept_idx` ON `starmarket_companies` (`is_listed`,`cat_id`,`acceptance_time`);--> statement-breakpoint
CREATE INDEX `smc_listed_state_accept_idx` ON `starmarket_companies` (`is_listed`,`state_id`,`acceptance_time`);