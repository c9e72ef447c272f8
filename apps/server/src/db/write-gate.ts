import type { Db, Tx } from './client.js';

/**
 * At most `limit` write transactions of an instance at once, the others waiting their turn in
 * order of arrival (issue 12 §3).
 *
 * Why: a write costs some fifteen reads' worth of CPU, most of it in PostgreSQL, and every write
 * of a form ends on the same few count rows (assessment_tallies, assessment_blocks), locked from its
 * deferred trigger to its commit. Writes beyond a few at once on a 2-core machine do not finish
 * sooner: they share the cores with the reads and queue on those rows, each holding one of the
 * pool's connections meanwhile. A burst (outboxes sending what officers saved offline, an import)
 * waits here instead, costing nothing until its turn, and leaves the other connections and the
 * cores to the lists, details and figures everyone else is reading. Measured in bench/README.md
 * ("a gate for writes").
 */
export class WriteGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    // The slot is handed over by the write that leaves it (below): `active` stays counted.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const gates = new WeakMap<object, WriteGate>();

/** Limit the write transactions run on `db` (see WriteGate); called when a database opens. */
export function setWriteGate(db: Db, gate: WriteGate): void {
  gates.set(db, gate);
}

/**
 * Run a write transaction on `db` through its gate, where it has one. Never call it from inside
 * another write's transaction: with every slot taken by writes waiting on themselves, none would end.
 */
export function gatedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const gate = gates.get(db);
  const run = () => db.transaction((tx) => work(tx as Tx));
  return gate ? gate.run(run) : run();
}
