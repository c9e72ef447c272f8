import { useSyncExternalStore } from 'react';

/**
 * Loads the Mantine parts that open a floating layer (floating-parts.ts) once, for every select and
 * menu of the page: at the first touch of the page (a pointer, a key, a focus) or of one of them.
 * Until they have come, components/select.tsx and components/deferred-menu.tsx show stand-ins that
 * look the same and remember what was asked of them (a click, a key, typed text).
 */
type Parts = typeof import('./floating-parts');

let parts: Parts | null = null;
let loading: Promise<Parts> | null = null;
let focusedAtArrival: Element | null = null;
const listeners = new Set<() => void>();

/** The parts, loaded once; a failed load (offline before the service worker had them) is tried again at the next call. */
export function loadFloatingParts(): Promise<Parts> {
  loading ??= import('./floating-parts').then(
    (module) => {
      // Which stand-in had the keyboard, taken before any of them is replaced (replacing one
      // moves the focus to the page).
      focusedAtArrival = document.activeElement;
      parts = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts the load and leaves a failure to the next touch. */
export function requestFloatingParts(): void {
  loadFloatingParts().catch(() => {});
}

/** The element that had the keyboard as the parts came, for a stand-in to hand it over. */
export function focusedAtPartsArrival(): Element | null {
  return focusedAtArrival;
}

const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin'] as const;
let listening = false;

/** Load the parts at the page's first touch (called by each stand-in as it mounts). */
function loadAtFirstTouch(): void {
  if (listening || parts) return;
  listening = true;
  const onTouch = () => {
    loadFloatingParts().then(
      () => {
        for (const type of FIRST_TOUCH) document.removeEventListener(type, onTouch, true);
      },
      () => {},
    );
  };
  for (const type of FIRST_TOUCH) document.addEventListener(type, onTouch, true);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  loadAtFirstTouch();
  return () => listeners.delete(listener);
}

/** The parts once they have come, else null (and they are asked for at the page's first touch). */
export function useFloatingParts(): Parts | null {
  return useSyncExternalStore(
    subscribe,
    () => parts,
    () => parts,
  );
}
