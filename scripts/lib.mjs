// Helpers for `npm start` and `npm test`. Only Node's own modules: these run before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node flags for the server process, measured with `npm run bench` (bench/README.md, 2026-11-30
 * fourth session):
 * - 16 MB semi-spaces (the young generation). 32 were set for the Excel export, which once made
 *   short-lived strings by the million; it writes its rows as bytes now and runs as fast with 16
 *   (100,000 rows 1.6-1.9 s against 1.7-2.3 s). Under the mixed load of reads and writes 16 took
 *   half the full collections of 32, 9 % less of the server's CPU a request and 20 MB less memory at
 *   the peak (213 against 234 MB); an import of 50,000 forms takes 25-50 % longer with them (import
 *   29.7 against 22.8-24.0 s here, under its 60 s) and 40 MB less memory (215 against 248-252 MB).
 * - a ceiling on the old generation: without one V8 lets it grow lazily, and the server's memory
 *   climbed by 70 MB over an export of a million rows although little of it was live (the same
 *   export with the ceiling: as fast, its memory flat under 190 MB).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=192'];

export function step(title) {
  console.log(`\n\x1b[1m> ${title}\x1b[0m`);
}

/** Run a command in the repository; stop the whole script if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    if (options.allowFailure) return result.status ?? 1;
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return 0;
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.endsWith('.tsbuildinfo')) continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return hash.digest('hex');
}

/** Install dependencies only when the lockfile changed since the last install (or nothing is installed). */
export function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.install-stamp');
  const lock = hashFiles(['package-lock.json']);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return;
  // `npm install` rather than `npm ci`: the lockfile pins every version either way, and `npm ci` refuses
  // lockfiles that leave out other platforms' optional packages (which a filtered registry cannot list).
  step('Installing dependencies (npm install)');
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, lock);
}

/** Build the domain, the server and the web app, skipping what has not changed since the last build. */
export function ensureBuilt() {
  const lock = hashFiles(['package-lock.json']);
  const serverStamp = path.join(root, 'apps/server/dist/.build-stamp');
  const serverHash =
    hashFiles(['packages/domain/src', 'apps/server/src', 'apps/server/drizzle', 'tsconfig.base.json']) + lock;
  if (!existsSync(serverStamp) || readFileSync(serverStamp, 'utf8') !== serverHash) {
    step('Building the server');
    run('npx', ['tsc', '-b', 'packages/domain', 'apps/server']);
    writeFileSync(serverStamp, serverHash);
  }
  const webStamp = path.join(root, 'apps/web/dist/.build-stamp');
  const webHash =
    hashFiles([
      'packages/domain/src',
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/boot.js',
      'apps/web/build',
      'apps/web/vite.config.ts',
    ]) + lock;
  if (!existsSync(webStamp) || readFileSync(webStamp, 'utf8') !== webHash) {
    step('Building the web app');
    // Vite keeps an inherited NODE_ENV (Vitest sets it to "test" for the e2e suite's `npm start`), and
    // with anything but "production" it bundles React's development build: twice the JavaScript and
    // several times the CPU in the browser.
    run('npm', ['run', 'build', '-w', '@tna/web'], { env: { ...process.env, NODE_ENV: 'production' } });
    run('node', ['scripts/compress.mjs', 'apps/web/dist']);
    writeFileSync(webStamp, webHash);
  }
}
