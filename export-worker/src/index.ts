/**
 * The export worker: consumes the export queue (and its dead-letter queue), writes xlsx files to R2.
 * The handling is in consumer.ts (this entry may export handlers only).
 */
import type { Env, ExportMessage } from '../../worker/src/env';
import { exportConsumer } from './consumer';

const consume = exportConsumer();

export default {
  queue: (batch, env) => consume(batch, env),
} satisfies ExportedHandler<Env, ExportMessage>;
