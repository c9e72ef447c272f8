import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { idOrObject, optionalId, requiredId } from './validation.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The domain modules `file` loads, itself included, following its relative imports. */
function loads(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(path.join(here, file), 'utf8');
  // Type-only imports load nothing.
  for (const [, kind, spec] of source.matchAll(/^(?:import|export)(\s+type)?[^;]*?from\s+'(\.\/[^']+)'/gms)) {
    if (kind || !spec) continue;
    loads(spec.replace(/^\.\//, '').replace(/\.js$/, '.ts'), seen);
  }
  return seen;
}

describe("the assessment's rules", () => {
  // The web app loads them at a phone's first keystroke in New Assessment: building the reference
  // data's admin forms there too made that keystroke wait (bench/README.md, 2026-12-01).
  it('load none of the admin forms of the reference data', () => {
    const modules = loads('assessment.ts');
    expect(modules.has('assessment.ts')).toBe(true);
    expect(modules.has('validation.ts')).toBe(true);
    expect(modules.has('reference-data.ts')).toBe(false);
  });

  it('share one schema for every id field, which still reads ids, numeric strings and selected objects', () => {
    expect(idOrObject()).toBe(idOrObject());
    expect(requiredId()).toBe(requiredId());
    expect(optionalId()).toBe(optionalId());
    expect(idOrObject().parse({ id: 7, name: 'Kabul' })).toBe(7);
    expect(idOrObject().parse('12')).toBe(12);
    expect(idOrObject().safeParse({ id: 0 }).success).toBe(false);
    expect(optionalId().parse('')).toBeNull();
  });
});
