// What the app keeps on the device (IndexedDB), read straight from the browser for the offline tests.
import type { Page } from 'playwright-core';

/** Whether the form's lists are kept on this device for this user (IndexedDB). */
export function referenceKept(page: Page, owner: string): Promise<boolean> {
  return page.evaluate(
    (owner) =>
      new Promise<boolean>((resolve) => {
        // Never create the database here, and close it after reading: a connection left open (or a
        // database created empty, at version 1) blocks the app's own upgrade, and the app then never
        // writes what this waits for.
        const open = indexedDB.open('tna-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reference')) {
            db.close();
            return resolve(false);
          }
          const get = db.transaction('reference').objectStore('reference').get(owner);
          get.onsuccess = () => {
            db.close();
            resolve(Boolean(get.result));
          };
          get.onerror = () => {
            db.close();
            resolve(false);
          };
        };
        open.onerror = () => resolve(false);
      }),
    owner,
  );
}

/** Whose forms the outbox holds on this device, straight from IndexedDB (one email per form). */
export function outboxOwners(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        // Closed after reading, so that it never blocks an upgrade of the app's database.
        const open = indexedDB.open('tna-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { owner: string }[]).map((entry) => entry.owner));
          };
          all.onerror = () => {
            db.close();
            reject(all.error);
          };
        };
      }),
  );
}
