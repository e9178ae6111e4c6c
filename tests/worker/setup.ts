import { applyD1Migrations, env } from 'cloudflare:test';

// Applied once per test file's storage; idempotent across files.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
