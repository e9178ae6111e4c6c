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
  /** 'on' switches the local sandbox payment provider on (never in a deployment; `npm start` does it locally). */
  PAY_SANDBOX?: string;
  /** HMAC-SHA256 secret of the sandbox's callbacks, at least 32 characters; there is no default (order/sandbox.ts). */
  PAY_SANDBOX_SECRET?: string;
  /** The operator's key for refunds (`npm run refund`), sent as X-Operator-Key; unset = no refunds by the operator. */
  PAY_OPERATOR_KEY?: string;
  /** Alipay (order/alipay.ts): app id, the app's PKCS#8 private key, Alipay's public key, the seller's PID; gateway optional. */
  ALIPAY_APP_ID?: string;
  ALIPAY_PRIVATE_KEY?: string;
  ALIPAY_PUBLIC_KEY?: string;
  ALIPAY_SELLER_ID?: string;
  ALIPAY_GATEWAY?: string;
  /** WeChat Pay API v3 (order/wechat.ts); API base optional. */
  WECHAT_MCH_ID?: string;
  WECHAT_APP_ID?: string;
  WECHAT_MCH_SERIAL?: string;
  WECHAT_PRIVATE_KEY?: string;
  WECHAT_API_V3_KEY?: string;
  WECHAT_PLATFORM_PUBLIC_KEY?: string;
  WECHAT_PLATFORM_KEY_ID?: string;
  WECHAT_API_BASE?: string;
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

/** The API key a request was made with (apikeys/auth.ts); the key acts as its owner, `user`. */
export interface ApiKeyUse {
  id: number;
  scope: '' | 'spend';
  /** The owner's membership as of the request: it sets the key's rate limit and free quota. */
  tier: 'user' | 'vip' | 'svip';
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Db;
    user: SessionUser | null;
    /** The SPA route an HTML answer renders when it is not the request's path (/health on a phone). */
    pagePath?: string;
    /** Set when the request was made with an API key instead of a session. */
    apiKey?: ApiKeyUse;
  };
}
