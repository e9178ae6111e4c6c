-- Healthcare FA TOP20 as a kept ranking (worker/src/db/kept/medical.ts): one row per firm whose
-- n packs FA flag, healthcare deals and all deals, read in order on its own index. The generated
-- migration after this one writes its triggers and fills it from its sources. The FA firms'
-- positions the ranking used to read in full go.
CREATE TABLE `medical_fa_ranks` (
	`invst_id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `medical_fa_ranks_order_idx` ON `medical_fa_ranks` (`n` DESC, `invst_id`);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `medical_fa_positions_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `medical_fa_positions_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `medical_fa_positions_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `medical_fa_positions`;
