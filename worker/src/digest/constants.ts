/**
 * The healthcare daily e-mail (dynamic tracking, 动态订阅): numbers and words shared by the worker
 * and the SPA. No imports, so web/src/features/digest can import this file as is.
 */

/** The industry scope whose financing events and news the e-mail carries. */
export const DIGEST_SCOPE = '医疗健康';

/** The e-mail's name, in the From header, the subject and the page. */
export const DIGEST_NAME = '桔子医疗健康日报';

/** Beijing hour the e-mail leaves at (cron 0 2 * * * UTC). */
export const DIGEST_SEND_HOUR = 10;

/** The footer text of /health-subscription and of every e-mail. */
export const DIGEST_SCHEDULE_TEXT =
  '日报在每个工作日（周一至周五，法定节假日不发，调休上班日照常发送）上午10:00发送到您的邮箱，内容为前一天的医疗健康投融资事件与并购、行业新闻；节假日之后的第一个工作日汇总假期内的全部动态。';

/** check_subscribe's data.status. */
export const SUBSCRIBED = 1 as const;
export const NOT_SUBSCRIBED = 0 as const;

/** The worker's rules for the subscription e-mail (the spec's page does not check it; the worker does). */
export const SUBSCRIBE_EMAIL_MAX = 100;
export const SUBSCRIBE_MESSAGES = {
  empty: '请输入邮箱地址',
  invalid: '请输入正确的邮箱地址',
  tooLong: `邮箱地址不能超过${SUBSCRIBE_EMAIL_MAX}个字符`,
  vip: '动态订阅仅对VIP会员开放，请升级会员',
  cancelled: '取消订阅成功',
} as const;

/** A plain address: local part, '@', a domain with a dot; ASCII only (it goes into the To header as is). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

// --- fan-out (worker/src/digest/fanout.ts; docs/architecture.md describes it) ---

/** Subscribers per queue message: each is one id in a claim statement (D1 binds at most 100 parameters). */
export const DIGEST_CHUNK = 50;
/** Queue messages the cron sends per sendBatch call (the Queues limit is 100 messages / 256 KB). */
export const DIGEST_ENQUEUE_BATCH = 100;
/** Sends in flight at once inside one consumer invocation. */
export const DIGEST_SEND_CONCURRENCY = 5;
/** A row claimed (sending) longer than this is taken to be abandoned and is claimed again. */
export const DIGEST_LEASE_MS = 10 * 60_000;
/** Sends started per subscriber per day; a row failed this often stays failed. */
export const DIGEST_MAX_ATTEMPTS = 4;
/** The reconciler retries a failed row once it has waited this long. */
export const DIGEST_RETRY_AFTER_MS = 5 * 60_000;
/** At most this many events and news items in one e-mail (the rest are one link away). */
export const DIGEST_MAX_EVENTS = 60;
export const DIGEST_MAX_NEWS = 40;
/** How far back the previous working day is looked for (the longest Chinese holiday is 9 days). */
export const DIGEST_MAX_LOOKBACK_DAYS = 31;

/** An e-mail's unsubscribe link works this many days after the e-mail is sent (the page then sends the user to sign in). */
export const UNSUBSCRIBE_LINK_DAYS = 60;
