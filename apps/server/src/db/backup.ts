import { renameSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Write a consistent copy of a PGlite database as a gzipped tarball. The dump runs while no query
 * runs (PGlite serialises it with queries), after a checkpoint, and lands under a temporary name that
 * is renamed only when complete, so a half-written backup never looks like a good one.
 */
export async function writePgliteBackup(pglite: PGlite, target: string): Promise<number> {
  await pglite.exec('CHECKPOINT');
  const blob = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  const tmp = `${target}.partial`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, target);
  return bytes.length;
}
