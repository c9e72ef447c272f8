import { useEffect, useRef, useState } from 'react';

/**
 * State that survives a reload of the tab (sessionStorage), for short texts typed outside the
 * drafted forms, such as a review's remarks: a phone that drops the tab, or a reload after a send
 * that failed on a bad link, keeps them. Gone with the tab, so nothing is left on a shared device
 * once it is closed; the initial value is not stored. With storage unavailable (private mode, full)
 * it is plain state.
 */
export function useTabState<T extends object>(
  key: string,
  initial: T,
): [value: T, set: (value: T) => void, forget: () => void] {
  const empty = useRef(JSON.stringify(initial));
  const [value, setValue] = useState<T>(() => read<T>(key) ?? initial);
  useEffect(() => {
    try {
      const text = JSON.stringify(value);
      if (text === empty.current) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, text);
    } catch {
      // Not kept: the state still works.
    }
  }, [key, value]);
  // At once, not in an effect: what is forgotten on leaving the page (a sent review) must not wait
  // for a render the page may never have.
  const forget = () => {
    forgetTabState(key);
    setValue(JSON.parse(empty.current) as T);
  };
  return [value, setValue, forget];
}

/** Drop what `useTabState(key, ...)` kept, from outside the component that keeps it (it may be gone). */
export function forgetTabState(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

function read<T>(key: string): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}
