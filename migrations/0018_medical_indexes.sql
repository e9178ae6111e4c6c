-- Healthcare area (医疗健康): indexes for the top tabs and options, so none of them walks companies
-- or invest_firms from end to end. Hand-written (custom): drizzle's schema files belong to the
-- tables' owners; these indexes serve only the medical area's queries.
-- 千里马 / 独角兽: healthcare companies in a valuation band, most valuable first.
CREATE INDEX IF NOT EXISTS `companies_medical_valuation_idx` ON `companies` (`is_medical`, `valuation`);
--> statement-breakpoint
-- The provinces 'in' map: healthcare companies counted per province from the index alone.
CREATE INDEX IF NOT EXISTS `companies_medical_prov_idx` ON `companies` (`is_medical`, `prov`);
--> statement-breakpoint
-- FA TOP20: the financial-advisor firms without reading every firm.
CREATE INDEX IF NOT EXISTS `invest_firms_fa_idx` ON `invest_firms` (`is_fa`);
--> statement-breakpoint
-- IPO ranking by money raised.
CREATE INDEX IF NOT EXISTS `medical_ipos_money_idx` ON `medical_ipos` (`money`);
