// The mixed run (issue 12 §3): many clients at once, most reading the review lists, details and
// figures, some writing (new forms, corrections, status moves), against one or more server instances
// on the same PostgreSQL. Its own small client (node:http, keep-alive) rather than autocannon, to know
// which write each answer acknowledges; afterwards every acknowledged write is looked up in the
// database.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { type EventLoop, percentile, type Server } from './lib.js';
import { cpuSeconds, postgresSpent } from './process-cpu.js';
import { ReadSlices, type SlicedReads } from './read-slices.js';

export interface MixedRefs {
  facilities: { id: number; province: number; district: number }[];
  positions: { id: number; department: number }[];
  trainings: Map<number, number[]>;
  places: { province: number; district: number }[];
  /** Generated NEW forms, each moved at most once by the run. */
  newIds: number[];
  maxId: number;
  lastPage: number;
  /** The orders the lists are read in (see MIXED_ORDERS). */
  orders: MixedOrder[];
}

/** The orders a review list is read in: newest first, by name, by province name, by phone. */
export const MIXED_ORDERS = ['newest', 'name', 'province', 'phone'] as const;
export type MixedOrder = (typeof MIXED_ORDERS)[number];

export interface MixedResult {
  instances: number;
  seconds: number;
  reads: number;
  writes: number;
  readP50: number;
  readP95: number;
  /** The reads by the 10 s of the run they ended in (see read-slices.ts). */
  slices: SlicedReads;
  writeP50: number;
  writeP95: number;
  byWrite: Record<string, { n: number; p95: number }>;
  byRead: Record<string, { n: number; p95: number }>;
  status5xx: number;
  status4xx: number;
  peakRssMb: number[];
  acknowledged: number;
  missing: string[];
  /** Cores each side used over the run on average (see cpuSeconds): where a machine's two cores went. */
  cores: { servers: number; postgres: number; bench: number };
  /** Each instance's event loop over the run: whether requests queued for its one thread. */
  eventLoops: (EventLoop | undefined)[];
  /**
   * How late this load generator's own timers ran (ms, p50 / p99 / max): an answer is timed when this
   * thread gets to it, so its lateness is in every latency printed.
   */
  clientLate: { p50: number; p99: number; max: number };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

const pick = <T>(from: readonly T[]): T => from[Math.floor(Math.random() * from.length)]!;

function multipart(data: unknown, lines: unknown): { body: string; type: string } {
  const boundary = '----tna-bench-boundary';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    body: `${part('data', JSON.stringify(data))}${part('priorities', JSON.stringify(lines))}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A form as an officer enters it, at a random facility, with 1-3 ranked trainings. */
function newForm(refs: MixedRefs, n: number) {
  const f = pick(refs.facilities);
  const p = pick(refs.positions);
  const trainings = refs.trainings.get(p.department) ?? [];
  const data = {
    assessment_date: '2026-11-01',
    form_no: `MIX-${n}`,
    hr_id: null,
    name: pick(['Mariam', 'Ahmad', 'Zahra', 'Hamid', 'Nargis']),
    lastname: pick(['Karimi', 'Ahmadi', 'Noori']),
    fathername: pick(['Abdul Karim', 'Gul Ahmad', 'Sayed Karim']),
    birth_year: 1960 + (n % 40),
    perminent_province_id: f.province,
    perminent_district_id: f.district,
    perminent_address_details: `House ${n % 300}`,
    temp_province_id: f.province,
    temp_district_id: f.district,
    hospital: f.id,
    job_address: 'Ward 3',
    temp_address_details: `House ${n % 300}`,
    marital_status: 'married',
    gender: 'female',
    department_id: p.department,
    position_id: p.id,
    education_level: '14 Grade',
    education_field: 'Midwifery',
    graduated_university: 'Kabul Institute of Health Sciences',
    experience: '5-10',
    implementing_organization: 'MoPH',
    phone: `+93799${String(n).padStart(6, '0')}`,
    tazkira: `MIX-${process.pid}-${n}`,
    remarks: null,
  };
  const lines = trainings
    .slice(0, 1 + (n % 3))
    .map((training, i) => ({ department: p.department, training, priority: i + 1 }));
  return { data, lines };
}

export async function mixedRun(
  servers: Server[],
  tokens: { readers: string[]; officers: string[]; validators: string[] },
  refs: MixedRefs,
  databaseUrl: string,
  opts: { seconds: number; connections: number; writeShare: number },
): Promise<MixedResult> {
  const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: opts.connections }));
  let turn = 0;
  const send = (method: string, path: string, token: string, body?: string, type = 'application/json') =>
    new Promise<Answer>((resolve) => {
      // Round robin over the instances, request by request, as a load balancer would.
      const i = turn++ % servers.length;
      const started = performance.now();
      const req = http.request(
        `${servers[i]!.base}${path}`,
        {
          method,
          agent: agents[i],
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined ? { 'content-type': type, 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              ms: performance.now() - started,
            }),
          );
          res.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
        },
      );
      req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
      req.end(body);
    });

  const readTimes: number[] = [];
  const slices = new ReadSlices(opts.seconds);
  // Pages by their order: newest first, by name, by province name, by phone.
  const orders: Record<MixedOrder, string> = {
    newest: '',
    name: '&sort=name&direction=asc',
    province: '&sort=province&direction=desc&lang=fa',
    phone: '&sort=phone',
  };
  const readKinds: Record<string, number[]> = { search: [], details: [], history: [], figures: [] };
  for (const order of refs.orders) readKinds[`page ${order}`] = [];
  const writeTimes: Record<string, number[]> = { create: [], edit: [], move: [] };
  let status5xx = 0;
  let status4xx = 0;
  const count = (a: Answer) => {
    if (a.status >= 500 || a.status === 0) status5xx++;
    else if (a.status >= 400) status4xx++;
  };
  // What the run was told it wrote: the form as created, its last acknowledged correction, each move.
  const created = new Map<number, { tazkira: string; version: number; phone: string; busy: boolean; token: string }>();
  let edits = 0;
  const moved = new Map<number, string>();
  const newIds = [...refs.newIds];
  let serial = 0;

  const read = async () => {
    const token = pick(tokens.readers);
    const r = Math.random();
    let a: Answer;
    const order = pick(refs.orders);
    const kind =
      r < 0.35 ? `page ${order}` : r < 0.5 ? 'search' : r < 0.8 ? 'details' : r < 0.88 ? 'history' : 'figures';
    if (r < 0.35) {
      const sort = orders[order];
      a = await send(
        'GET',
        `/api/tnas/bystatus/NEW?page=${1 + Math.floor(Math.random() * refs.lastPage)}${sort}`,
        token,
      );
    } else if (r < 0.5) {
      a = await send(
        'POST',
        `/api/tnas/search?page=${1 + Math.floor(Math.random() * 5)}`,
        token,
        JSON.stringify({ ...pick(refs.places), status: 'NEW' }),
      );
    } else if (r < 0.8) {
      a = await send('GET', `/api/tnas/bystaffid/${1 + Math.floor(Math.random() * refs.maxId)}`, token);
    } else if (r < 0.88) {
      a = await send('GET', `/api/tnas/histories/bystaffid/${1 + Math.floor(Math.random() * refs.maxId)}`, token);
    } else {
      a = await send('GET', `/api/tnas/${pick(['status', 'byprovince', 'bydepartment'])}/figures`, token);
    }
    count(a);
    readTimes.push(a.ms);
    slices.add(kind, a.ms);
    readKinds[kind]!.push(a.ms);
  };

  const create = async () => {
    const n = ++serial;
    const form = newForm(refs, n);
    const { body, type } = multipart(form.data, form.lines);
    const token = pick(tokens.officers);
    const a = await send('POST', '/api/tnas', token, body, type);
    count(a);
    writeTimes.create!.push(a.ms);
    if (a.status === 200) {
      const s = (JSON.parse(a.body) as { success: { id: number; version: number } }).success;
      created.set(s.id, { tazkira: form.data.tazkira, version: s.version, phone: form.data.phone, busy: false, token });
    }
  };

  const edit = async () => {
    const free = [...created.entries()].filter(([, c]) => !c.busy);
    if (!free.length) return create();
    const [id, c] = pick(free);
    c.busy = true;
    const form = newForm(refs, ++serial);
    const phone = `+93788${String(serial).padStart(6, '0')}`;
    const data = { ...form.data, tazkira: c.tazkira, phone, id, version: c.version };
    const { body, type } = multipart(data, form.lines);
    // A NEW form is corrected by the officer who entered it (SPEC 2).
    const a = await send('POST', '/api/tnas/update', c.token, body, type);
    count(a);
    writeTimes.edit!.push(a.ms);
    if (a.status === 200) {
      c.version = (JSON.parse(a.body) as { success: { version: number } }).success.version;
      c.phone = phone;
      edits++;
    }
    c.busy = false;
  };

  const move = async () => {
    const id = newIds.pop();
    if (id === undefined) return read();
    const to = Math.random() < 0.7 ? 'APPROVED' : 'REJECTED';
    const a = await send(
      'POST',
      '/api/tnas/changestatus',
      pick(tokens.validators),
      JSON.stringify({ staff_id: id, status: to, remarks: 'Reviewed in the mixed benchmark' }),
    );
    count(a);
    writeTimes.move!.push(a.ms);
    if (a.status === 200) moved.set(id, to);
  };

  for (const s of servers) s.resetPeak();
  const lateness = monitorEventLoopDelay({ resolution: 10 });
  lateness.enable();
  const cpuBefore = cpuSeconds(servers);
  const deadline = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  slices.begin();
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline) {
        const r = Math.random();
        if (r >= opts.writeShare) await read();
        else if (r < opts.writeShare * 0.4) await create();
        else if (r < opts.writeShare * 0.7) await edit();
        else await move();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  lateness.disable();
  const late = (ns: number) => Math.max(0, ns / 1e6 - 10);
  const clientLate = {
    p50: late(lateness.percentile(50)),
    p99: late(lateness.percentile(99)),
    max: late(lateness.max),
  };
  const eventLoops = servers.map((s) => s.eventLoop(startedAt, Date.now()));
  const cpuAfter = cpuSeconds(servers);
  const cores = {
    servers: (cpuAfter.servers - cpuBefore.servers) / seconds,
    postgres: postgresSpent(cpuBefore.postgres, cpuAfter.postgres) / seconds,
    bench: (cpuAfter.bench - cpuBefore.bench) / seconds,
  };
  for (const agent of agents) agent.destroy();

  // Every acknowledged write, as the database holds it now.
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = [...created.keys()];
    const { rows } = await client.query<{ id: number; tazkira: string; version: number; phone: string }>(
      'select id, tazkira, version, phone from assessments where id = any($1::int[])',
      [ids],
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const [id, c] of created) {
      const row = found.get(id);
      if (!row || row.tazkira !== c.tazkira) missing.push(`created form ${id}`);
      else if (row.version !== c.version || row.phone !== c.phone) missing.push(`correction of form ${id}`);
    }
    const moves = await client.query<{ id: number; status: string }>(
      'select id, status from assessments where id = any($1::int[])',
      [[...moved.keys()]],
    );
    const status = new Map(moves.rows.map((r) => [r.id, r.status]));
    for (const [id, to] of moved) if (status.get(id) !== to) missing.push(`move of form ${id} to ${to}`);
  } finally {
    await client.end();
  }

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const reads = sorted(readTimes);
  const writes = sorted(Object.values(writeTimes).flat());
  return {
    instances: servers.length,
    seconds,
    reads: reads.length,
    writes: writes.length,
    readP50: percentile(reads, 50),
    readP95: percentile(reads, 95),
    slices: slices.summary(),
    writeP50: percentile(writes, 50),
    writeP95: percentile(writes, 95),
    byWrite: Object.fromEntries(
      Object.entries(writeTimes).map(([k, v]) => [k, { n: v.length, p95: percentile(sorted(v), 95) }]),
    ),
    byRead: Object.fromEntries(
      Object.entries(readKinds).map(([k, v]) => [k, { n: v.length, p95: percentile(sorted(v), 95) }]),
    ),
    status5xx,
    status4xx,
    peakRssMb: servers.map((s) => s.peakRss / 1048576),
    acknowledged: created.size + edits + moved.size,
    missing,
    cores,
    eventLoops,
    clientLate,
  };
}
