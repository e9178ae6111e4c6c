// Worker entry: only handlers may be exported from here (workerd rejects other named exports).
import { app } from './app';
import type { Env, ExportMessage } from './env';
import { runScheduled } from './scheduled';

export type { AppType } from './app';

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
} satisfies ExportedHandler<Env, ExportMessage>;
