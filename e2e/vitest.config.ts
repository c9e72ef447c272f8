import { defineConfig } from 'vitest/config';

// One app process and one browser for the whole suite; files run one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // A browser on a busy 2-core machine is sometimes slower than a wait; a retried test starts over.
    retry: 2,
    hookTimeout: 180_000,
  },
});
