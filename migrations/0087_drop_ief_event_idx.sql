-- invest_event_firms is written by id (the mirror of invest_event_investors) and read by firm (ief_invst_date_idx): nothing looks it up by event any more.
DROP INDEX `ief_event_idx`;
