// The route table's reading, without Node: the web app's tests check it against the router's table.

/** `tna/details/:id` → a pattern for the whole pathname (a trailing slash allowed). */
export function pathPattern(routePath: string): string {
  const parts = routePath
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${parts.join('/')}${parts.length ? '/?' : ''}$`;
}

/** The signed-in routes as [path, module file relative to src/app/routes, title key] from the page table. */
export function readPageTable(source: string): [string, string, string][] {
  const modules = new Map(Array.from(source.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g), (m) => [m[1]!, m[2]!]));
  return Array.from(source.matchAll(/\{\s*path: '([^']*)',\s*title: '([^']+)'[^}]*?load: modules\.(\w+)/g), (m) => {
    const file = modules.get(m[3]!);
    if (!file) throw new Error(`page table: no import for modules.${m[3]}`);
    return [m[1]!, file, m[2]!] as [string, string, string];
  });
}
