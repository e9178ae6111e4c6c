import type { Env, ExportMessage } from '../../worker/src/env';

export default {
  async queue(batch, env) {
    for (const msg of batch.messages) {
      console.log('export message', msg.body.recordId, env.FILES ? 'r2 ok' : '');
      msg.ack();
    }
  },
} satisfies ExportedHandler<Env, ExportMessage>;
