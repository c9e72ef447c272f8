// Fill a PostgreSQL database with N assessments for the benchmark, in SQL on the server side, so that
// a million rows take a few minutes, not hours. Run through run.ts (npm run bench).
import pg from 'pg';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { seed, seedDemoFacilities } from '../apps/server/dist/db/seed.js';
import { hashPassword } from '../apps/server/dist/lib/password.js';
import { fillDuplicateKeys } from '../apps/server/dist/modules/assessments/duplicates.repository.js';
import { vacuumAsAutovacuumWould } from './autovacuum.js';

export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-pass' };
/** The password of every generated user (entry1@bench.test..., validator1@bench.test...). */
export const BENCH_USER_PASSWORD = 'bench-user-pass';
/** An internal viewer (reads APPROVED forms), for the read calls with a viewer's token. */
export const BENCH_VIEWER = { email: 'viewer1@bench.test', password: BENCH_USER_PASSWORD };
const DATA_ENTRY_USERS = 60;
const VALIDATORS = 8;

export interface StatusShares {
  NEW: number;
  APPROVED: number;
  REJECTED: number;
  ARCHIVED: number;
}

async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
}

async function ensureUsers(client: pg.Client, role: string, prefix: string, count: number): Promise<void> {
  const hash = await hashPassword(BENCH_USER_PASSWORD);
  await client.query(
    `insert into users (name, email, password_hash)
     select $1 || ' ' || g, $2 || g || '@bench.test', $3 from generate_series(1, $4) g
     on conflict do nothing`,
    [`Bench ${role}`, prefix, hash, count],
  );
  await client.query(
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u, roles r where u.email like $1 and r.name = $2 on conflict do nothing`,
    [`${prefix}%@bench.test`, role],
  );
}

/**
 * Make sure the database holds exactly `n` assessments with the given status shares (each with 1 to
 * 5 priority lines and its history), spread over all provinces' facilities and many data-entry users.
 * Does nothing when it already does.
 */
export async function generate(url: string, n: number, shares: StatusShares, log = console.log): Promise<void> {
  await ensureDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url, max: 2 });
  await runMigrations(database);
  await seed(database.db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password });
  await seedDemoFacilities(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await ensureUsers(client, 'internal_viewer', 'viewer', 2);
    // Forms the mixed run created (run.ts) go again, so that the next run finds the generated ones.
    await client.query(`delete from assessments where form_no like 'MIX-%'`);
    const { rows } = await client.query<{ n: string }>('select count(*) as n from assessments');
    if (Number(rows[0]!.n) === n) {
      log(`  ${url.replace(/:[^:@/]*@/, '@')} already holds ${n.toLocaleString('en')} assessments`);
      // The last run's writes and the forms just deleted, vacuumed away as in a database in use.
      await vacuumAsAutovacuumWould(url, log);
      return;
    }
    log(`  generating ${n.toLocaleString('en')} assessments in ${new URL(url).pathname.slice(1)} ...`);
    const started = Date.now();
    await client.query(
      'truncate assessments, assessment_priorities, assessment_histories, idempotency_keys restart identity cascade',
    );
    await ensureUsers(client, 'dataentry', 'entry', DATA_ENTRY_USERS);
    await ensureUsers(client, 'validator', 'validator', VALIDATORS);

    // Lookup arrays, indexed by position: facilities (with their province and district), positions
    // (with their department), data-entry users and validators.
    await client.query(`create temp table lk as select
      (select array_agg(id order by id) from health_facilities) as f,
      (select array_agg(province_id order by id) from health_facilities) as fp,
      (select array_agg(district_id order by id) from health_facilities) as fd,
      (select array_agg(id order by id) from positions) as pos,
      (select array_agg(department_id order by id) from positions) as posd,
      (select array_agg(u.id order by u.id) from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.name = 'dataentry') as de,
      (select array_agg(u.id order by u.id) from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where r.name = 'validator') as va`);
    const cut1 = shares.NEW;
    const cut2 = cut1 + shares.APPROVED;
    const cut3 = cut2 + shares.REJECTED;
    const BATCH = 100_000;
    for (let from = 1; from <= n; from += BATCH) {
      const to = Math.min(n, from + BATCH - 1);
      // Facilities are skewed (power of a uniform draw) so some provinces hold many more forms, as in life.
      await client.query(
        `insert into assessments (assessment_date, form_no, hr_id, name, lastname, fathername, birth_year,
           perm_province_id, perm_district_id, perm_address, job_province_id, job_district_id, hospital_id,
           job_address, current_address, marital_status, gender, department_id, position_id, education_level,
           education_field, graduated_university, experience, implementing_organization, phone, tazkira,
           remarks, status, created_by, updated_by, created_at, updated_at)
         select date '2024-01-01' + (g % 1000), 'F-' || g, null,
           (array['Ahmad','Mariam','Zahra','Mohammad','Fatima','Abdul','Nargis','Hamid','Shabnam','Rahim'])[1 + g % 10] || ' ' || g,
           (array['Karimi','Ahmadi','Rahimi','Hashimi','Sadat','Noori','Popal','Wardak'])[1 + (g / 10) % 8],
           (array['Abdullah','Gul Ahmad','Mohammad Nabi','Sayed Karim','Haji Rasool'])[1 + (g / 7) % 5],
           1955 + (g * 37) % 50,
           lk.fp[fi], lk.fd[fi], 'House ' || (g % 300), lk.fp[fi], lk.fd[fi], lk.f[fi],
           'Ward ' || (g % 12), 'House ' || (g % 300),
           (array['single','married'])[1 + g % 2], (array['male','female'])[1 + (g / 3) % 2],
           lk.posd[pi], lk.pos[pi],
           (array['No Formal Education','12 Grade','14 Grade','Bachelor','Master','PhD'])[1 + g % 6],
           'Field ' || (g % 40), 'Institute ' || (g % 25),
           (array['<1','1-5','5-10','10-15','15-20','20>'])[1 + g % 6],
           (array['MoPH','BRAC','Care of Afghan Families','Move Welfare Organization','JACK','AKHS'])[1 + g % 6],
           '+9370' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0'), 'T-' || g, null,
           case when s < ${cut1} then 'NEW' when s < ${cut2} then 'APPROVED' when s < ${cut3} then 'REJECTED' else 'ARCHIVED' end,
           lk.de[1 + g % array_length(lk.de, 1)], lk.de[1 + g % array_length(lk.de, 1)],
           timestamptz '2024-01-01' + (g || ' minutes')::interval, timestamptz '2024-01-01' + (g || ' minutes')::interval
         from lk, generate_series($1::int, $2::int) g,
           lateral (select 1 + floor(power(random(), 1.6) * array_length(lk.f, 1))::int as fi,
                           1 + (g * 31) % array_length(lk.pos, 1) as pi,
                           ((g * 2654435761::bigint) % 1000) / 1000.0 as s) x`,
        [from, to],
      );
      log(`    ${to.toLocaleString('en')} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    log('    priority lines and history ...');
    await client.query(`create temp table dt as
      select department_id, array_agg(id order by id) as ids, count(*)::int as n from trainings group by department_id`);
    await client.query(`insert into assessment_priorities (assessment_id, department_id, training_id, priority)
      select a.id, a.department_id, dt.ids[p], p
      from assessments a join dt on dt.department_id = a.department_id,
        generate_series(1, least(1 + a.id % 5, dt.n)) p`);
    await client.query(`insert into assessment_histories (assessment_id, user_id, from_status, to_status, remarks, created_at)
      select id, created_by, null, 'NEW', 'Created', created_at from assessments`);
    await client.query(`insert into assessment_histories (assessment_id, user_id, from_status, to_status, remarks, created_at)
      select a.id, lk.va[1 + a.id % array_length(lk.va, 1)],
        case when a.status = 'ARCHIVED' then 'REJECTED' else 'NEW' end, a.status, 'Reviewed', a.created_at + interval '2 days'
      from assessments a, lk where a.status <> 'NEW'`);
    // The duplicate check's keys, by the same functions as the server's writes (SQL cannot call them).
    log('    duplicate keys ...');
    const filling = await openDatabase({ kind: 'postgres', url, max: 1 });
    try {
      await fillDuplicateKeys(filling.db);
    } finally {
      await filling.close();
    }
    // A fresh table has no visibility map yet: vacuum so that index-only scans work, as autovacuum
    // would have done in a database that grew over months.
    log('    vacuum analyze ...');
    await client.query('vacuum analyze');
    log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}
