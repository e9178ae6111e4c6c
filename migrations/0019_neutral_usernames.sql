-- Public names that show the account: the old default was the e-mail's local part (or 用户 + the
-- phone's last four digits). They become '用户' + a random 6-character code, as new accounts get.
UPDATE users
SET username = '用户' || substr(upper(hex(randomblob(4))), 1, 6)
WHERE (instr(account, '@') > 1 AND lower(username) = lower(substr(account, 1, instr(account, '@') - 1)))
   OR (instr(account, '@') = 0 AND length(account) = 11 AND username = '用户' || substr(account, -4))
   OR lower(username) = lower(account);
