import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following it as the window changes. Each query is asked of the
 * browser once, and its answer kept here and updated by the list's `change` event: Mantine's
 * useMediaQuery works out its first value as useState's argument, so it called window.matchMedia (a
 * new list, the query parsed and evaluated again) on every render of every table and of the shell,
 * 12-16 calls on a signed-in page's first visit; reading `matches` of a kept list is an evaluation
 * too, up to 7 ms in one first visit at 4x CPU slowdown (bench/README.md, 2026-11-29). Renders read
 * the kept answer.
 */
export function useMediaMatch(query: string): boolean {
  const entry = entryFor(query);
  return useSyncExternalStore(entry.subscribe, entry.read, () => false);
}

interface Entry {
  subscribe: (onChange: () => void) => () => void;
  read: () => boolean;
}

const entries = new Map<string, Entry>();

function entryFor(query: string): Entry {
  const known = entries.get(query);
  if (known) return known;
  const list = typeof window !== 'undefined' && 'matchMedia' in window ? window.matchMedia(query) : null;
  let matches = list?.matches ?? false;
  const listeners = new Set<() => void>();
  // Listened to for as long as the page lives (a few queries in all), so the kept answer is right
  // also while no component follows it.
  list?.addEventListener('change', (event) => {
    matches = event.matches;
    for (const listener of listeners) listener();
  });
  const entry: Entry = {
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    read: () => matches,
  };
  entries.set(query, entry);
  return entry;
}
