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
run('node', ['scripts/check-file-length.mjs']);

step('Type check');
run('npx', ['tsc', '-b', 'packages/domain', 'apps/server']);
run('npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit']);
// The build's own plugins (vite.config.ts, build/): they write boot.js and check what loads at start.
run('npx', ['tsc', '-p', 'apps/web/tsconfig.node.json']);
// The test files too (the builds above leave them out): a test that no longer type-checks may no
// longer test what it says.
for (const dir of ['packages/domain', 'apps/server', 'e2e']) run('npx', ['tsc', '-p', `${dir}/tsconfig.test.json`]);
// The benchmarks are not run here (they take minutes and want a quiet machine), but they must compile.
run('npx', ['tsc', '-p', 'bench/tsconfig.json', '--noEmit']);

step('Build');
ensureBuilt();

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}

const reports = mkdtempSync(path.join(tmpdir(), 'tna-test-reports-'));
// [title, folder, measure coverage]. Coverage (V8's, of src/ without the tests) is printed, with no
// target: it shows what the tests never run.
const suites = [
  ['Domain unit tests', 'packages/domain', true],
  ['Server unit and API tests', 'apps/server', true],
  ['Web unit tests', 'apps/web', false],
  ['End-to-end tests in Chromium', 'e2e', false],
];
const coverage = [];
const failedSuites = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [title, dir, measure] of suites) {
  step(title);
  const report = path.join(reports, `${dir.replaceAll('/', '-')}.json`);
  const coverageDir = path.join(reports, `${dir.replaceAll('/', '-')}-coverage`);
  const coverageArgs = measure
    ? [
        '--coverage.enabled',
        '--coverage.provider=v8',
        '--coverage.include=src/**/*.ts',
        '--coverage.exclude=src/**/*.test.ts',
        '--coverage.exclude=src/test/**',
        '--coverage.reporter=text-summary',
        '--coverage.reporter=json-summary',
        `--coverage.reportsDirectory=${coverageDir}`,
      ]
    : [];
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      '--root',
      dir,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...coverageArgs,
    ],
    {
      allowFailure: true,
    },
  );
  const summary = path.join(coverageDir, 'coverage-summary.json');
  if (measure && existsSync(summary)) {
    const total = JSON.parse(readFileSync(summary, 'utf8')).total;
    coverage.push(
      `${title}: lines ${total.lines.pct}%, statements ${total.statements.pct}%, branches ${total.branches.pct}%, functions ${total.functions.pct}%`,
    );
  }
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
for (const line of coverage) console.log(`coverage of ${line}`);
process.exit(failedSuites.length ? 1 : 0);
