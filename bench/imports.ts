// npm run bench:imports: the import of 50,000 assessments (issue 16) on PostgreSQL. A fresh database,
// the built server with the flags `npm start` gives it, 300 facilities imported first, then one XLSX
// of BENCH_IMPORT_ROWS forms (1% of them with a wrong phone) sent to the dry run and to the import.
// Prints, for each: the time to the last line of the answer, the server's peak memory (VmHWM, reset
// before each), and how long a signed-in call took meanwhile (GET /api/details every 100 ms).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { XlsxStreamWriter } from '../apps/server/dist/lib/xlsx-stream.js';
import { ASSESSMENT_COLUMNS, importHeader, importRow } from '../apps/server/src/test/import-files.js';
import { SERVER_NODE_FLAGS } from '../scripts/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const DB_URL = process.env.BENCH_IMPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tna_bench_import';
const ADMIN = { email: 'admin@tna.test', password: 'bench-import-admin-1' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A fresh, empty database: the import must create every form. */
async function freshDatabase(): Promise<void> {
  const name = new URL(DB_URL).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(DB_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // As for the other benches (lib.ts): more Node flags, or another build of the server to compare.
  const extra = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const script = process.env.BENCH_SERVER_SCRIPT ?? 'apps/server/dist/server.js';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extra, script], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: DB_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/** Peak resident memory since the last reset (Linux: VmHWM, reset by writing 5 to clear_refs). */
const peak = {
  reset: (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
  read: (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
};

// biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read as a client reads JSON
type Json = any;

async function main() {
  await freshDatabase();
  const { child, base } = await startServer();
  try {
    const token = (
      (await (
        await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json()) as Json
    ).success.token as string;
    const get = async (url: string): Promise<Json> =>
      ((await (await fetch(`${base}/api${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Json)
        .data;
    const send = async (url: string, file: string, name: string) => {
      const body = new FormData();
      body.set('file', new Blob([readFileSync(file)]), name);
      const started = Date.now();
      const res = await fetch(`${base}/api${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      const lines = (await res.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Json);
      return { seconds: (Date.now() - started) / 1000, lines, status: res.status };
    };

    // Reference names as a person would type them: Dari for provinces and districts, English for the rest.
    const provinces = (await get('/provinces')) as Json[];
    const districts: Json[] = [];
    for (const p of provinces)
      districts.push(...((await get(`/provinces/districts/${p.id}`)) as Json[]).map((d) => ({ ...d, province: p })));
    const dir = mkdtempSync(path.join(tmpdir(), 'tna-bench-import-'));
    const facilitiesCsv = path.join(dir, 'facilities.csv');
    const places = Array.from({ length: 300 }, (_, i) => districts[(i * 7) % districts.length]!);
    writeFileSync(
      facilitiesCsv,
      `code,name,type,province_id,district_id\n${places.map((d, i) => `BENCH-${String(i + 1).padStart(4, '0')},Bench facility ${i + 1},BHC,${d.province.code},${d.code}`).join('\n')}\n`,
    );
    const hf = await send('/imports/facilities/confirm', facilitiesCsv, 'facilities.csv');
    console.log(`300 facilities imported in ${hf.seconds.toFixed(1)} s: ${JSON.stringify(hf.lines.at(-1).summary)}`);
    const departments = (await get('/departments')) as Json[];
    const positions = (await get('/positions')) as Json[];
    const trainings = (await get('/trainings')) as Json[];
    const byDepartment = departments
      .map((d) => ({ d, trainings: trainings.filter((t) => t.department_id === d.id) }))
      .filter((x) => x.trainings.length >= 3);

    const file = path.join(dir, 'assessments.xlsx');
    const out = createWriteStream(file);
    const xlsx = new XlsxStreamWriter(out, 'assessments', []);
    // The template's columns but the remarks and the third priority's department, which a form leaves empty.
    const fields = ASSESSMENT_COLUMNS.filter((f) => f !== 'remarks' && f !== 'priority_3_department');
    await xlsx.addHeader(importHeader(fields));
    const names = ['مریم', 'Ahmad', 'فاطمه', 'Zahra', 'محمد', 'Gul', 'Nazanin', 'Karim'];
    for (let i = 0; i < ROWS; i += 1000) {
      const batch = [];
      for (let n = i; n < Math.min(ROWS, i + 1000); n++) {
        const home = districts[(n * 13) % districts.length]!;
        const facility = places[n % places.length]!;
        const { d, trainings: courses } = byDepartment[n % byDepartment.length]!;
        batch.push(
          importRow(fields, {
            form_no: `BENCH-${n + 1}`,
            tazkira: `1400-${String(n).padStart(8, '0')}`,
            assessment_date: n % 2 ? '2026-10-15' : '1405/07/23',
            name: names[n % names.length],
            lastname: 'Karimi',
            fathername: 'Abdul',
            birth_year: 1960 + (n % 40),
            gender: n % 2 ? 'female' : 'male',
            marital_status: n % 3 ? 'married' : 'single',
            perminent_province_id: home.province.name_fa ?? home.province.name,
            perminent_district_id: home.name_fa ?? home.name,
            perminent_address_details: 'Street 1',
            temp_province_id: facility.province.code,
            temp_district_id: facility.code,
            hospital: `BENCH-${String((n % places.length) + 1).padStart(4, '0')}`,
            job_address: 'Hospital road',
            temp_address_details: 'Street 1',
            department_id: d.name,
            position_id: positions[n % positions.length].title_en,
            education_level: 'Bachelor',
            education_field: 'Nursing',
            graduated_university: 'Kabul University',
            experience: '5-10',
            implementing_organization: 'MoPH',
            phone: n % 100 === 99 ? '12' : `+9370${String(1_000_000 + n).slice(-7)}`,
            priority_1_training: courses[0].title_en,
            priority_2_training: courses[1].title_en,
            priority_3_training: courses[2].title_en,
          }),
        );
      }
      await xlsx.addRows(batch);
    }
    await xlsx.finish();
    if (!out.closed) await new Promise<void>((r) => out.once('close', () => r()));
    console.log(`${ROWS.toLocaleString('en')} forms: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB of XLSX`);

    const results: string[] = [];
    for (const mode of ['check', 'confirm'] as const) {
      peak.reset(child.pid!);
      const latencies: number[] = [];
      let probing = true;
      const probe = (async () => {
        while (probing) {
          const t0 = performance.now();
          await fetch(`${base}/api/details`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
            r.arrayBuffer(),
          );
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const run = await send(`/imports/assessments/${mode}`, file, 'assessments.xlsx');
      probing = false;
      await probe;
      const done = run.lines.at(-1);
      if (done.type !== 'done') throw new Error(`${mode}: ${JSON.stringify(done)}`);
      latencies.sort((a, b) => a - b);
      const kinds = new Map<string, number>();
      for (const e of done.errors as Json[])
        kinds.set(`${e.field}: ${e.message}`, (kinds.get(`${e.field}: ${e.message}`) ?? 0) + 1);
      if (mode === 'check') console.log('problems found (first 1,000):', Object.fromEntries(kinds));
      const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
      results.push(
        `| ${mode === 'check' ? 'dry run' : 'import'} | ${run.seconds.toFixed(1)} | ${peak.read(child.pid!).toFixed(0)} | ${run.lines.length - 1} | ${p95.toFixed(0)} / ${latencies.at(-1)?.toFixed(0)} | ${JSON.stringify(done.summary)} |`,
      );
    }
    const figures = (await get('/tnas/status/figures')) as Json[];
    console.log(`\nNEW forms in the database after the import: ${figures.find((f) => f.status === 'NEW').total}\n`);
    console.log(
      '| run | time s | server peak MB | progress lines | GET /api/details meanwhile p95 / max ms | summary |',
    );
    console.log('|---|---:|---:|---:|---:|---|');
    for (const line of results) console.log(line);
    rmSync(dir, { recursive: true, force: true });
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
