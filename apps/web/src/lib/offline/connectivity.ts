import { API_BASE_PATH } from '@tna/domain';
import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached, as the app has last seen it. A network error, a time-out or a
 * proxy's 502/503/504 marks it unreachable; any other answer marks it reachable again. While it is
 * unreachable the server is probed with a growing delay (2 s doubling to 60 s) and at once when the
 * browser says it is back online, and listeners (queries that failed, the outbox) are told when it
 * answers again. Nothing here ever signs anybody out: only a 401 does (api-client).
 */
export interface Connectivity {
  /**
   * The browser's own idea (navigator.onLine), false meaning no network link is up; but true while
   * the server answers anyway (see checkWhileOffline).
   */
  online: boolean;
  /** False after a call failed without a real answer from the server. */
  reachable: boolean;
}

const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;

const listeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let state: Connectivity = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  reachable: true,
};
let delay = FIRST_DELAY_MS;
let timer: ReturnType<typeof setTimeout> | null = null;
let probing = false;
let offlineDelay = FIRST_DELAY_MS;
let offlineTimer: ReturnType<typeof setTimeout> | null = null;

function set(next: Partial<Connectivity>): void {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.reachable === state.reachable) return;
  const wasUsable = state.online && state.reachable;
  state = merged;
  for (const listener of listeners) listener();
  if (!wasUsable && state.online && state.reachable) for (const listener of reconnectListeners) listener();
}

function schedule(): void {
  if (timer || typeof window === 'undefined') return;
  timer = setTimeout(() => {
    timer = null;
    void probe();
  }, delay);
  delay = Math.min(delay * 2, MAX_DELAY_MS);
}

/** Ask the server's health endpoint whether it answers; keeps probing while it does not. */
export async function probe(): Promise<boolean> {
  if (probing) return state.reachable;
  probing = true;
  try {
    const response = await fetch(`${API_BASE_PATH}/health`, { cache: 'no-store' });
    const answered = !isGatewayFailure(response.status);
    if (answered) markReachable();
    else markUnreachable();
    return answered;
  } catch {
    markUnreachable();
    return false;
  } finally {
    probing = false;
  }
}

/** 502, 503 and 504 come from a proxy or a server that is down, not from the application. */
export function isGatewayFailure(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * The browser says offline when no network link is up, yet a server on the device itself (the
 * embedded server on an office laptop whose Wi-Fi is off) still answers. Taken at its word, the app
 * waited for a network it did not need: lists paused, forms kept in the outbox. So while the browser
 * says offline the server is asked (2 s doubling to 60 s), and an answer makes the app online.
 */
async function checkWhileOffline(): Promise<void> {
  if (offlineTimer) clearTimeout(offlineTimer);
  offlineTimer = null;
  if (navigator.onLine || state.online) return;
  try {
    const response = await fetch(`${API_BASE_PATH}/health`, { cache: 'no-store' });
    if (!isGatewayFailure(response.status) && !navigator.onLine) {
      offlineDelay = FIRST_DELAY_MS;
      delay = FIRST_DELAY_MS;
      set({ online: true, reachable: true });
      return;
    }
  } catch {
    // No answer: offline indeed.
  }
  offlineTimer = setTimeout(() => void checkWhileOffline(), offlineDelay);
  offlineDelay = Math.min(offlineDelay * 2, MAX_DELAY_MS);
}

export function markUnreachable(): void {
  set({ reachable: false });
  schedule();
}

export function markReachable(): void {
  delay = FIRST_DELAY_MS;
  if (timer) clearTimeout(timer);
  timer = null;
  set({ reachable: true });
}

export function getConnectivity(): Connectivity {
  return state;
}

/** True when a call may be worth trying now. */
export function isUsable(): boolean {
  return state.online && state.reachable;
}

/** Called each time the server answers again after an outage (and when the browser comes online). */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Called at every change of the connectivity (online or reachable). */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, getConnectivity, getConnectivity);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    delay = FIRST_DELAY_MS;
    set({ online: true });
    // The link is back, but is the server? Ask at once rather than wait for the next probe.
    void probe();
  });
  window.addEventListener('offline', () => {
    offlineDelay = FIRST_DELAY_MS;
    set({ online: false });
    void checkWhileOffline();
  });
  if (!navigator.onLine) void checkWhileOffline();
}
