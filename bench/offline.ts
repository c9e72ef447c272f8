/// <reference lib="dom" />
// npx tsx bench/offline.ts (after `npm run build`): how long the outbox takes to send 50 forms when
// the link comes back. Starts the app as `npm start` does (PGlite, a fresh data folder, a free port),
// signs an officer in in Chromium, puts 50 complete forms in the outbox the app keeps in IndexedDB,
// then takes the browser offline and online again, and times until the outbox is empty and the
// server holds the 50 forms. The drain is the app's own: one form at a time, each with its key.
// Prints the figure. Not part of npm test.
import { EDUCATION_LEVELS, EXPERIENCE_BANDS, GENDERS, MARITAL_STATUSES } from '@tna/domain';
import { chromium } from 'playwright-core';
import { startApp } from './app.js';

const FORMS = Number(process.env.BENCH_OUTBOX_FORMS ?? 50);
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-pass-1' };
const OFFICER = { email: 'outbox@bench.test', password: 'bench-outbox-pass-1' };

async function call<T>(base: string, route: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const token = async (base: string, who: { email: string; password: string }) =>
  (await call<{ success: { token: string } }>(base, '/login', undefined, who)).success.token;

type Row = { id: number; department_id?: number };

async function main() {
  const app = await startApp(ADMIN);
  const base = app.base;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const admin = await token(base, ADMIN);
    const province = (await call<{ data: Row[] }>(base, '/provinces', admin)).data[0]!;
    const district = (await call<{ data: Row[] }>(base, `/provinces/districts/${province.id}`, admin)).data[0]!;
    const facility = (
      await call<{ success: Row }>(base, '/hospitals', admin, {
        name: 'Bench Outbox Clinic',
        code: 'BENCH-OUT-1',
        type: 'CHC',
        province_id: province.id,
        district_id: district.id,
        is_her_hf: false,
        status: 'Existing',
      })
    ).success;
    const trainings = (await call<{ data: Row[] }>(base, '/trainings', admin)).data;
    const positions = (await call<{ data: Row[] }>(base, '/positions', admin)).data;
    const position = positions.find((p) => trainings.some((t) => t.department_id === p.department_id))!;
    const training = trainings.find((t) => t.department_id === position.department_id)!;
    await call(base, '/users/register', admin, {
      name: 'Bench Outbox Officer',
      ...OFFICER,
      c_password: OFFICER.password,
      role: 'dataentry',
    });
    const officer = await token(base, OFFICER);

    const entries = Array.from({ length: FORMS }, (_, n) => {
      const data = {
        assessment_date: '2026-01-15',
        form_no: `OUTBOX-${n + 1}`,
        hr_id: null,
        name: `Outbox${n + 1}`,
        lastname: 'Bench',
        fathername: 'Father',
        birth_year: 1980 + (n % 20),
        perminent_province_id: province.id,
        perminent_district_id: district.id,
        perminent_address_details: 'Street 1',
        temp_province_id: province.id,
        temp_district_id: district.id,
        hospital: facility.id,
        job_address: 'Clinic road',
        temp_address_details: 'Street 2',
        marital_status: MARITAL_STATUSES[0],
        gender: GENDERS[n % GENDERS.length],
        department_id: position.department_id,
        position_id: position.id,
        education_level: EDUCATION_LEVELS[0],
        education_field: 'Nursing',
        graduated_university: 'Kabul IHS',
        experience: EXPERIENCE_BANDS[0],
        implementing_organization: 'AHDS',
        phone: '+93700123456',
        tazkira: `1400-OUT-${String(n).padStart(5, '0')}`,
        remarks: null,
      };
      const now = new Date(Date.now() + n).toISOString();
      return {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        owner: OFFICER.email,
        values: {},
        data,
        priorities: [{ department: position.department_id, training: training.id, priority: 1 }],
        createdAt: now,
        updatedAt: now,
        state: 'waiting',
        attempts: 0,
      };
    });

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(
      ({ t, email }) => {
        localStorage.setItem('token', t);
        localStorage.setItem('email', email);
        localStorage.setItem('roles', 'dataentry');
      },
      { t: officer, email: OFFICER.email },
    );
    await page.goto('/tna');
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    // The link drops; 50 forms wait on the device (as if submitted one by one while offline).
    await context.setOffline(true);
    await page.evaluate(async (list) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('tna-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('outbox', 'readwrite');
      for (const entry of list) tx.objectStore('outbox').put(entry);
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
    }, entries);

    /** Forms still waiting (a refused one stops counting: it waits for a person). */
    const remaining = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('tna-offline');
            open.onsuccess = () => {
              const all = open.result.transaction('outbox').objectStore('outbox').getAll();
              all.onsuccess = () => resolve(all.result.filter((e: { state: string }) => e.state === 'waiting').length);
            };
          }),
      );
    if ((await remaining()) !== FORMS) throw new Error('The outbox was not filled');

    const started = performance.now();
    await context.setOffline(false);
    const deadline = Date.now() + 600_000;
    while ((await remaining()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - started) / 1000;

    const saved = await call<{ data: { total?: number; data: unknown[] } }>(
      base,
      '/tnas/myforms/NEW?per_page=100',
      officer,
    );
    const count = saved.data.total ?? saved.data.data.length;
    console.log(
      `outbox: ${FORMS} forms sent in ${seconds.toFixed(1)} s (${((seconds * 1000) / FORMS).toFixed(0)} ms a form); the server holds ${count}`,
    );
    if (count !== FORMS) process.exitCode = 1;
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
