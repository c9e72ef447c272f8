import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const domainSrc = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
const shared = {
  resolve: { alias: { '@tna/domain': domainSrc } },
};

// The API suite runs on a fresh PGlite database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const projects = [
  {
    ...shared,
    test: {
      name: 'pglite',
      include: ['src/**/*.test.ts'],
      globalSetup: ['src/test/global-setup.ts'],
      env: { TEST_DB_KIND: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    ...shared,
    test: {
      name: 'postgres',
      include: ['src/**/*.test.ts'],
      globalSetup: ['src/test/global-setup.ts'],
      env: { TEST_DB_KIND: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({ ...shared, test: { projects } });
