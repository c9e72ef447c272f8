import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Tells the app's other tabs that data changed, so they refetch it. A validator opens a form's details
 * in a new tab from the Validation list and approves it there; the list tab then drops the row at once
 * instead of showing it until a reload.
 */
const CHANNEL = 'tna-data-changes';

let channel: BroadcastChannel | null = null;
function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** Announce a change of the data under `key` to the other tabs (this tab invalidates on its own). */
export function announceChange(key: QueryKey): void {
  open()?.postMessage({ key });
}

/** Refetch what another tab changed. Called once, with the app's query client. */
export function followOtherTabs(client: QueryClient): void {
  const ch = open();
  if (!ch) return;
  ch.onmessage = (event: MessageEvent<{ key?: unknown }>) => {
    if (Array.isArray(event.data?.key)) void client.invalidateQueries({ queryKey: event.data.key });
  };
}
