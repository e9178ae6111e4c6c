CREATE TABLE `starmarket_timing_days` (
	`is_listed` integer NOT NULL,
	`prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`)
);
