/**
 * Resolves once boot.js has started the requests for the first page's code (its part 3b), or at once
 * where it has none to start (the dev server, a page it has no table for).
 *
 * Wait for it before the first import() of the shell or a page: Vite's loader, finding no <link>
 * for a file the import needs, asks for it itself, a request each, all in one task. At the entry's
 * start that task came before boot.js had added its links, so every file was asked for twice and a
 * slow phone spent 60-100 ms at a stretch on it (issue 15: Total Blocking Time).
 */
export function bootPreloads(): Promise<void> {
  return (globalThis as { __tnaBootPreloads?: Promise<void> }).__tnaBootPreloads ?? Promise.resolve();
}
