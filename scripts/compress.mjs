// Write .br and .gz beside each text asset of the web build, so the server sends them precompressed
// to browsers on slow links (at the best compression, once, instead of on every request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
const TEXT = /\.(js|mjs|css|html|json|svg|txt|map)$/;
let files = 0;
const walk = (p) => {
  for (const name of readdirSync(p)) {
    const full = path.join(p, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(full);
      if (data.length < 1024) continue;
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
};
walk(dir);
console.log(`compressed ${files} files in ${dir}`);
