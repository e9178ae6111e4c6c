// Worker entry: only handlers may be exported from here (workerd rejects other named exports).
import { app } from './app';
import { consumeDigest, DIGEST_QUEUE_NAME } from './digest/fanout';
import type { DigestMessage, Env } from './env';
import { runScheduled } from './scheduled';

export type { AppType } from './app';

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
  // The API worker consumes one queue: the daily e-mail's fan-out (the export queue has its own worker).
  async queue(batch, env, _ctx) {
    if (batch.queue === DIGEST_QUEUE_NAME) return consumeDigest(batch, env);
    console.error('no consumer for queue', batch.queue);
    batch.retryAll();
  },
} satisfies ExportedHandler<Env, DigestMessage>;
