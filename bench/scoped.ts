// The scoped part of the read benchmark (BENCH_PARTS=scoped): validators limited to some provinces.
import pg from 'pg';
import { BENCH_USER_PASSWORD } from './generate.js';
import { count, getJson, load, login, type Row, type Server } from './lib.js';

/**
 * Validators scoped to provinces (issue 13): one to the province with the most NEW forms, one to the
 * three next ones; the NEW list's page 1 and random pages, each through the scope's filter.
 */
export async function scopedCalls(server: Server, adminToken: string, databaseUrl: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const biggest = (
    await client.query<{ id: number; name: string; n: number }>(
      `select p.id, p.name_en as name, count(*)::int as n from assessments a join admin_units p on p.id = a.job_province_id
       where a.status = 'NEW' group by p.id, p.name_en order by 3 desc limit 4`,
    )
  ).rows;
  await client.end();
  const rows: Row[] = [];
  for (const [label, provinces] of [
    [biggest[0]!.name, biggest.slice(0, 1)],
    [
      biggest
        .slice(1, 4)
        .map((p) => p.name)
        .join(', '),
      biggest.slice(1, 4),
    ],
  ] as const) {
    const account = { email: `scoped${provinces.length}@bench.test`, password: BENCH_USER_PASSWORD };
    // Created, or updated to this scope when an earlier run made it (register answers both by id).
    const users = await getJson<{ data: { id: number; email: string }[] }>(server, '/api/users', adminToken);
    const existing = users.data.find((u) => u.email === account.email);
    const res = await fetch(`${server.base}/api/users/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: existing?.id,
        name: `Scoped validator ${provinces.length}`,
        email: account.email,
        password: account.password,
        c_password: account.password,
        role: 'validator',
        provinces: provinces.map((p) => p.id),
      }),
    });
    if (!res.ok) throw new Error(`scoped validator: ${res.status} ${await res.text()}`);
    const token = await login(server, account);
    const total = await count(server, token, 'NEW');
    const lastPage = Math.max(1, Math.ceil(total / 15));
    const who = `validator of ${label}, ${total.toLocaleString('en')} NEW forms`;
    rows.push(await load(server, `GET NEW page 1 [${who}]`, { path: '/api/tnas/bystatus/NEW', token }));
    rows.push(
      await load(server, `GET NEW random page (uncached) [${who}]`, {
        path: () => `/api/tnas/bystatus/NEW?page=${1 + Math.floor(Math.random() * lastPage)}`,
        token,
      }),
    );
  }
  return rows;
}
