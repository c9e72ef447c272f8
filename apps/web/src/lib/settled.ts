import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has a moment (at most 10 s after the load), and then
 * `afterMs` more: what is not needed to show the page waits for it, as Workbox advises for a service
 * worker's registration.
 */
export function useSettled(afterMs = 0): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle = 0;
    let later = 0;
    const onIdle = () => {
      if (afterMs > 0) later = window.setTimeout(() => setSettled(true), afterMs);
      else setSettled(true);
    };
    const onLoad = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(onIdle, { timeout: 10_000 })
        : window.setTimeout(onIdle, 1_000);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      window.clearTimeout(later);
    };
  }, [afterMs]);
  return settled;
}
