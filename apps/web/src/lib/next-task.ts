/**
 * Resolves in a task of its own: the work after `await nextTask()` runs after the browser has had
 * a turn to paint and answer input. `scheduler.yield` where the browser has it (its continuation
 * goes before other waiting tasks); otherwise a message, which, unlike a timer, a background tab
 * does not hold back for a second.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// Imported by main.tsx between the texts' setup and the app: the bundler keeps modules in the order
// they run, so this await ends the task that evaluates the modules before it (i18next, the texts,
// React), and Mantine, the router and the app are evaluated in the next one. A slow phone otherwise
// spent one task of 140-260 ms at 4x on the entry's evaluation, the longest of its first load
// (issue 15). Vite's build keeps the entry script out of the chunk that holds this module
// (build/chunk-waves.ts, chunkWaves).
await nextTask();
