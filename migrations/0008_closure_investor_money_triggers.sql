-- Custom SQL migration file, put your code below! --
-- closure_investors.total_money is a copy of closures.total_money kept by these triggers in the
-- same transaction as every write, so a firm's biggest burns come off closure_investors_invst_money_idx.
UPDATE `closure_investors` SET `total_money` = COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = `closure_investors`.`com_id`), 0);
--> statement-breakpoint
CREATE TRIGGER `closure_investors_money_ai` AFTER INSERT ON `closure_investors` BEGIN
  UPDATE `closure_investors` SET `total_money` = COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = NEW.`com_id`), 0)
  WHERE `com_id` = NEW.`com_id` AND `invst_id` = NEW.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_money_au` AFTER UPDATE OF `com_id`, `total_money` ON `closure_investors` BEGIN
  UPDATE `closure_investors` SET `total_money` = COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = NEW.`com_id`), 0)
  WHERE `com_id` = NEW.`com_id` AND `invst_id` = NEW.`invst_id`
    AND `total_money` <> COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = NEW.`com_id`), 0);
END;
--> statement-breakpoint
CREATE TRIGGER `closures_money_ai` AFTER INSERT ON `closures` BEGIN
  UPDATE `closure_investors` SET `total_money` = NEW.`total_money` WHERE `com_id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `closures_money_au` AFTER UPDATE OF `total_money` ON `closures` BEGIN
  UPDATE `closure_investors` SET `total_money` = NEW.`total_money` WHERE `com_id` = NEW.`com_id`;
END;
