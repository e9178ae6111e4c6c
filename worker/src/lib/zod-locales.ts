/**
 * zod's `locales` namespace as the API worker's bundle holds it: wrangler.toml's [alias] points the
 * "../locales/index.js" that zod's own modules import here. @hono/zod-openapi extends the whole `z`
 * namespace object, so esbuild cannot drop any of its re-exports, and every locale zod ships would be
 * bundled although the worker speaks one. Kept: Chinese (set in lib/route.ts) and English (zod's
 * default, which zod imports directly anyway). A locale used anywhere else must be added here.
 */
export { default as en } from 'zod/v4/locales/en.js';
export { default as zhCN } from 'zod/v4/locales/zh-CN.js';
