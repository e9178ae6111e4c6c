import type { DrizzleD1Database } from 'drizzle-orm/d1';

/** Message on the export queue: one message builds one download record's xlsx. */
export interface ExportMessage {
  recordId: number;
}

/** Message on the digest queue: one chunk of a day's subscribers (worker/src/digest/fanout.ts). */
export interface DigestMessage {
  day: number;
  /** The calendar days the e-mail covers, yyyymmdd inclusive. */
  from: number;
  to: number;
  subscriptionIds: number[];
}

export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  EXPORT_QUEUE: Queue<ExportMessage>;
  DIGEST_QUEUE: Queue<DigestMessage>;
  EMAIL: SendEmail;
  ASSETS?: Fetcher;
  /** Public origin used in e-mails and share links, e.g. http://localhost:8787 */
  APP_ORIGIN: string;
  MAIL_FROM: string;
  /** HMAC-SHA256 secret of the sandbox payment provider's callbacks; unset = the documented dev default (order/sandbox.ts). */
  PAY_SANDBOX_SECRET?: string;
  /** HMAC-SHA256 key of the daily e-mail's unsubscribe links; unset = the documented dev default (digest/signing.ts). */
  DIGEST_SECRET?: string;
}

/** The query builder of a request (`drizzleDb`): no relational `db.query`, so no schema. */
export type Db = DrizzleD1Database;

export interface SessionUser {
  id: number;
  account: string;
  username: string;
  isVip: boolean;
  svip: boolean;
  sessionId: number;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Db;
    user: SessionUser | null;
  };
}
