// STYLE.md: no file over 400 lines. Checked in `npm test` over every tracked source file, so that a
// file that grows past it is split when it does, not found sessions later.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 400;
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.css'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > LIMIT) long.push(`${file}: ${lines} lines`);
}
if (long.length) {
  console.error(`Files over ${LIMIT} lines (STYLE.md): split them.\n${long.join('\n')}`);
  process.exit(1);
}
console.log(`${files.length} source files, none over ${LIMIT} lines.`);
