import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

/**
 * floating-ui's `useMergeRefs` (@floating-ui/react 0.27, MIT), for Mantine's ScrollArea alone: the
 * build gives ScrollArea this module in place of @floating-ui/react (build/mantine-shims.ts).
 * ScrollArea uses that one hook, but importing it brought all of floating-ui (13 KiB gzip) to every
 * page with a Mantine Table, New Assessment included, since Table imports ScrollArea (issue 15).
 * Merges refs into one memoized callback ref, or null when there are none; React 19 ref cleanups
 * are kept. The refs themselves are the hooks' dependencies, as in floating-ui.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each ref is a dependency (above)
  const refEffect = useCallback(
    (instance: T) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const cleanup = ref(instance);
          return typeof cleanup === 'function' ? cleanup : () => ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => {
        for (const cleanup of cleanups) cleanup?.();
      };
    },
    [...refs],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: each ref is a dependency (above)
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: T | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
  }, [...refs]);
}
