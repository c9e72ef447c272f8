import { startTransition, useEffect, useState } from 'react';

/**
 * Loads the Mantine parts that open a floating layer (floating-parts.ts) once, for every select and
 * menu of the page. Until they have come, components/select.tsx and components/deferred-menu.tsx
 * show stand-ins that look the same and remember what was asked of them (a click, a key, typed text).
 *
 * When they come decides who waits for them. Swapping a form's dozen stand-ins for Mantine's selects
 * is a render of its own (with the chunk's evaluation, the first keystroke in a fresh New Assessment
 * form took 344-744 ms at 4x on a slow machine, bench/README.md 2026-12-01), so:
 * - a touch of a stand-in (a tap, a key, a focus, a pointer over it) wants its select now: the
 *   stand-ins are replaced at once;
 * - the page's first touch elsewhere (a tap into Name) loads them for later: the stand-ins are
 *   replaced in a transition, whose render a keystroke interrupts.
 * Loading them once the page has sat idle, before any touch, was tried and not kept: Lighthouse's
 * traces of New Assessment took them in (242 KiB of script against the 200 KiB limit, bench/README.md
 * 2026-12-01, second).
 */
type Parts = typeof import('./floating-parts');

let parts: Parts | null = null;
let loading: Promise<Parts> | null = null;
let focusedAtArrival: Element | null = null;
const listeners = new Set<(arrived: Parts) => void>();

/** Hands the parts to every stand-in, at once or in a transition. */
function publish(urgent: boolean): void {
  const arrived = parts;
  if (!arrived) return;
  // Which stand-in has the keyboard, taken before any of them is replaced (replacing one moves the
  // focus to the page).
  focusedAtArrival = document.activeElement;
  const tell = () => {
    for (const listener of listeners) listener(arrived);
  };
  if (urgent) tell();
  else startTransition(tell);
}

/** Whether the stand-ins are replaced at once when the parts come (see above). */
let wantedNow = true;

/**
 * The parts, loaded once; a failed load (offline before the service worker had them) is tried again
 * at the next call. `urgent`: a stand-in was touched and wants its select now.
 */
export function loadFloatingParts(urgent = true): Promise<Parts> {
  if (parts) {
    // Here already, perhaps still being swapped in by a transition: a stand-in touched meanwhile
    // wants its select now.
    if (urgent) publish(true);
    return Promise.resolve(parts);
  }
  // The first call of a load decides; a touch of a stand-in while they are on their way hurries them.
  if (urgent || !loading) wantedNow = urgent;
  loading ??= import('./floating-parts').then(
    (module) => {
      parts = module;
      publish(wantedNow);
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A stand-in was touched: its select is wanted now (a failure is left to the next touch). */
export function requestFloatingParts(): void {
  loadFloatingParts(true).catch(() => {});
}

/** The element that had the keyboard as the parts came, for a stand-in to hand it over. */
export function focusedAtPartsArrival(): Element | null {
  return focusedAtArrival;
}

const FIRST_TOUCH = ['pointerdown', 'keydown', 'focusin'] as const;
let listening = false;

/** Load the parts for later at the page's first touch (called as a stand-in mounts). */
function loadForLater(): void {
  if (listening || parts) return;
  listening = true;
  const onTouch = () => {
    loadFloatingParts(false).then(
      () => {
        for (const type of FIRST_TOUCH) document.removeEventListener(type, onTouch, true);
      },
      () => {},
    );
  };
  for (const type of FIRST_TOUCH) document.addEventListener(type, onTouch, true);
}

/** The parts once they have been handed over, else null (and they are loaded for later). */
export function useFloatingParts(): Parts | null {
  const [shown, setShown] = useState<Parts | null>(parts);
  useEffect(() => {
    const listener = (arrived: Parts) => setShown(arrived);
    listeners.add(listener);
    loadForLater();
    // Came between this render and the subscription.
    if (parts) setShown(parts);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return shown;
}
