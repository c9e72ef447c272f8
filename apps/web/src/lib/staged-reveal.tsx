import { createContext, type ReactNode, startTransition, use, useEffect, useState } from 'react';

/**
 * How many parts of a long page to render now: the first at once, then one more after each commit,
 * each as a transition. A slow phone then paints the page's top (its title, the first fields) before
 * the rest is built, and no single task mounts every part: the whole New Assessment form in one
 * commit was a 300 ms task at 4x CPU slowdown (Lighthouse's Total Blocking Time, issue 15). Each
 * Mantine Select also renders a second time, synchronously, as it mounts (its popover measures its
 * target), so a part of a few fields is what one task can mount without blocking input for long.
 */
function useStagedReveal(parts: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= parts) return;
    startTransition(() => setShown((n) => Math.min(parts, n + 1)));
  }, [shown, parts]);
  return shown;
}

// Outside a StagedReveal everything shows.
const Shown = createContext(Number.POSITIVE_INFINITY);

/** Reveals its `<Reveal at={n}>` parts one after the other (1 at once, then 2, ... up to `parts`). */
export function StagedReveal({ parts, children }: { parts: number; children: ReactNode }) {
  const shown = useStagedReveal(parts);
  return <Shown value={shown}>{children}</Shown>;
}

/** Renders its children once the page's reveal reached part `at`. */
export function Reveal({ at, children }: { at: number; children: ReactNode }) {
  return use(Shown) >= at ? children : null;
}
