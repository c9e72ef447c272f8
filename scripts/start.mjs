// `npm start`: install what is missing, build what changed, then run the server (which migrates,
// seeds and creates the first admin) on http://localhost:3000.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root, SERVER_NODE_FLAGS, step } from './lib.mjs';

ensureInstalled();
ensureBuilt();
step('Starting TNA System');
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
