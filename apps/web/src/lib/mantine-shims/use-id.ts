import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks 9, MIT) without its random id: the build gives @mantine/hooks this
 * module in place of its own (build/mantine-shims.ts).
 *
 * Mantine's hook starts from React's id and, in a layout effect, swaps it for a random one (for pages
 * rendered on a server, which this app has none of). A state set in a layout effect is rendered at
 * once, in the same task: every page with a Mantine input, select or menu therefore ran, in the task
 * that showed it, its commit, then all the page's passive effects (queries subscribed, IndexedDB
 * opened), then a second render of every such component. On the validation list that task was about
 * 30 ms on a fast machine, a quarter of a second on a slow phone (issue 15, bench/README.md). React's
 * id alone is unique in the page and stays the same from render to render.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
