import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const ERROR_STATUS = {
  LOGIN_REQUIRED: 401,
  VIP_REQUIRED: 403,
  SVIP_REQUIRED: 403,
  SCOPE_REQUIRED: 403,
  INSUFFICIENT_COINS: 402,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MSG: Record<ErrorCode, string> = {
  LOGIN_REQUIRED: '请先登录',
  VIP_REQUIRED: '该功能仅对VIP会员开放，请升级会员',
  SVIP_REQUIRED: '该功能仅对超级VIP会员开放',
  SCOPE_REQUIRED: '这个 API 密钥没有调用该接口的权限',
  INSUFFICIENT_COINS: '桔子币余额不足，请先充值',
  BAD_REQUEST: '请求参数有误',
  NOT_FOUND: '请求的内容不存在',
  METHOD_NOT_ALLOWED: '该接口不支持此请求方法',
  CONFLICT: '操作冲突，请刷新后重试',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  UNSUPPORTED_MEDIA_TYPE: '请求体须为 JSON，请设置 Content-Type: application/json',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  INTERNAL: '服务器开小差了，请稍后重试',
};

/** The one error type of the API; the envelope middleware turns it into a response. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, msg?: string, extra?: Record<string, unknown>) {
    super(msg ?? DEFAULT_MSG[code]);
    this.code = code;
    this.extra = extra;
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export const defaultMessage = (code: ErrorCode) => DEFAULT_MSG[code];
