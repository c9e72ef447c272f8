import { offlineDb, type ReferenceSnapshot } from './db';

/**
 * The reference data of the assessment form (provinces, districts, facilities, departments,
 * positions, trainings), kept per user in IndexedDB so the form's cascades work offline. Refreshed
 * when online (app/offline/reference-sync), dropped when the user signs out.
 */
export async function readReference(owner: string): Promise<ReferenceSnapshot | undefined> {
  try {
    return await (await offlineDb()).get('reference', owner);
  } catch {
    return undefined;
  }
}

export async function writeReference(owner: string, lists: Record<string, unknown>): Promise<void> {
  try {
    await (await offlineDb()).put('reference', { owner, savedAt: new Date().toISOString(), lists });
  } catch {
    // Quota or private mode: the form then needs the network, as before.
  }
}

export async function dropReference(owner: string): Promise<void> {
  try {
    await (await offlineDb()).delete('reference', owner);
  } catch {
    // Nothing kept.
  }
}
