// `npm test`: install what is missing, then lint, type check, build, and run every suite: unit and
// API tests (on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set), then end to end in Chromium.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, run, step } from './lib.mjs';

const started = Date.now();
ensureInstalled();

step('Lint and format (Biome)');
run('npx', ['biome', 'check', '.']);

step('Type check');
run('npx', ['tsc', '-b', 'packages/domain', 'apps/server']);
run('npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);

step('Build');
ensureBuilt();

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}

const reports = mkdtempSync(path.join(tmpdir(), 'tna-test-reports-'));
const suites = [
  ['Domain unit tests', 'packages/domain'],
  ['Server unit and API tests', 'apps/server'],
  ['Web unit tests', 'apps/web'],
  ['End-to-end tests in Chromium', 'e2e'],
];
const failedSuites = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [title, dir] of suites) {
  step(title);
  const report = path.join(reports, `${dir.replaceAll('/', '-')}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      allowFailure: true,
    },
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  if (status !== 0) failedSuites.push(title);
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(
  `\nnpm test finished in ${minutes} min${failedSuites.length ? `; failed: ${failedSuites.join(', ')}` : ''}`,
);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
