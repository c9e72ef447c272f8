import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { bootPreloads } from './boot-preloads';

/** A page's code (a chunk) could not be loaded: offline, or replaced by a new deployment. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A part of the application could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/** How to start again each lazy page whose chunk failed. */
const failed = new Set<() => void>();

/**
 * Start fresh imports for the pages whose chunk failed ("Try again" of the error boundary). Not done
 * on the failure itself: React renders again after an error, and a fresh import then would loop.
 */
export function retryFailedChunks(): void {
  for (const revive of failed) revive();
  failed.clear();
}

/**
 * React.lazy for a module's named export (the code base uses named exports only). React keeps a
 * failed lazy component failed for good, so after a failure "Try again" swaps in a new one that
 * really loads the chunk again.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        // After boot.js's requests for the first page's code (see boot-preloads.ts).
        return { default: (await bootPreloads().then(load))[name] };
      } catch (cause) {
        failed.add(() => {
          current = make();
        });
        throw new ChunkLoadError(cause);
      }
    });
  let current = make();
  // Called once per page at module level, like React.lazy itself: the component is stable.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory, not a render
  function LazyNamed(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return LazyNamed;
}
