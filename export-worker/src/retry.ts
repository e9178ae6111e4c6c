/** Delivery limits of the export queue (export-worker/wrangler.toml). */

/** max_retries = 3: a message is delivered at most 4 times; the 4th delivery is the last. */
export const MAX_ATTEMPTS = 4;
export const DEAD_LETTER_QUEUE = 'juzi-exports-dlq';

/** 10 s, 20 s, 40 s before the 2nd, 3rd and 4th attempt. */
export const backoffSeconds = (attempts: number) => 2 ** attempts * 5;
