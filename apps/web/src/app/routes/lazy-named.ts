import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a module's named export (the code base uses named exports only). */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
