import { defineConfig } from 'vitest/config';

// One app process and one browser for the whole suite; files run one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // No retries: a test that passes only on a second try hides a race a user can meet (one failed
    // 7 times in 10 and was green). Waits are on what the page shows, with the timeouts below.
    retry: 0,
    hookTimeout: 180_000,
  },
});
