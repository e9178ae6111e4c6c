// Worker entry: only handlers may be exported from here (workerd rejects other named exports).
import { app } from './app';
import type { DigestMessage, Env } from './env';

export type { AppType } from './app';

export default {
  fetch: app.fetch,
  // The cron jobs and the digest's fan-out (working-day calendar, e-mail rendering) are evaluated when
  // they first run, not when an isolate starts to answer a request.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(import('./scheduled').then(({ runScheduled }) => runScheduled(controller, env)));
  },
  // The API worker consumes one queue: the daily e-mail's fan-out (the export queue has its own worker).
  async queue(batch, env, _ctx) {
    const { consumeDigest, DIGEST_QUEUE_NAME } = await import('./digest/fanout');
    if (batch.queue === DIGEST_QUEUE_NAME) return consumeDigest(batch, env);
    console.error('no consumer for queue', batch.queue);
    batch.retryAll();
  },
} satisfies ExportedHandler<Env, DigestMessage>;
