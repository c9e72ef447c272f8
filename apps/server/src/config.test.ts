import { describe, expect, it } from 'vitest';
import { cacheMemoryWarning, loadConfig, parseDuration } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      adminEmail: 'admin@tna.test',
      demoData: false,
      cacheMaxMb: 32,
      changeHeartbeatSeconds: 5,
      databasePipelines: 3,
      databaseWriters: 8,
    });
    expect(loadConfig({ DATABASE_PIPELINES: '0' }).databasePipelines).toBe(0);
    expect(loadConfig({ DATABASE_WRITERS: '0' }).databaseWriters).toBe(0);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.sessionTtlSeconds).toBe(12 * 3600);
  });

  it.each([
    [{ PORT: 'abc' }, /^Configuration error: PORT must be a port number/],
    [{ PORT: '70000' }, /^Configuration error: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Configuration error: DATABASE_URL must be a postgres/],
    [{ ADMIN_EMAIL: 'Admin@X.org' }, /^Configuration error: ADMIN_EMAIL /],
    [{ ADMIN_PASSWORD: 'short' }, /^Configuration error: ADMIN_PASSWORD must be 8 to 32 characters/],
    [{ SESSION_TTL: 'forever' }, /^Configuration error: SESSION_TTL must be a duration/],
    [{ LOG_LEVEL: 'loud' }, /^Configuration error: LOG_LEVEL must be one of/],
    [{ DEMO_DATA: 'yes' }, /^Configuration error: DEMO_DATA must be 1 or 0/],
    [{ CACHE_MAX_MB: 'lots' }, /^Configuration error: CACHE_MAX_MB must be a whole number of megabytes/],
    [{ CACHE_MAX_MB: '-1' }, /^Configuration error: CACHE_MAX_MB /],
    [{ CACHE_MAX_MB: '1.5' }, /^Configuration error: CACHE_MAX_MB /],
    [{ DATABASE_PIPELINES: '9' }, /^Configuration error: DATABASE_PIPELINES must be a whole number from 0 to 8/],
    [{ DATABASE_PIPELINES: 'two' }, /^Configuration error: DATABASE_PIPELINES /],
    [{ DATABASE_WRITERS: '21' }, /^Configuration error: DATABASE_WRITERS must be a whole number from 0 to 20/],
    [{ CHANGE_HEARTBEAT: 'often' }, /^Configuration error: CHANGE_HEARTBEAT must be a duration/],
    [{ CHANGE_HEARTBEAT: '1h' }, /^Configuration error: CHANGE_HEARTBEAT /],
  ])('stops with one line naming the variable for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('warns at start when the caches could crowd out the work in flight', () => {
    // npm start's flags give a heap limit of 288 MB (192 old generation, 96 young).
    expect(cacheMemoryWarning({ cacheMaxMb: 32 }, 288)).toBeNull();
    expect(cacheMemoryWarning({ cacheMaxMb: 96 }, 288)).toBeNull();
    const warning = cacheMemoryWarning({ cacheMaxMb: 200 }, 288);
    expect(warning).toMatch(/^CACHE_MAX_MB is 200 while the heap may hold 288 MB/);
    expect(warning).toContain('--max-old-space-size');
    // Node's own limit on a large machine, with the largest cache the setting allows.
    expect(cacheMemoryWarning({ cacheMaxMb: 4096 }, 4144)).toMatch(/CACHE_MAX_MB is 4096/);
    expect(cacheMemoryWarning({ cacheMaxMb: 1024 }, 4144)).toBeNull();
  });

  it('reads durations', () => {
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('7d')).toBe(604800);
    expect(parseDuration('0')).toBeNull();
    expect(parseDuration('1w')).toBeNull();
  });
});
