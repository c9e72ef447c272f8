// Used by `npm run backup` and `npm run restore`: make sure the server is installed and built.
import { ensureBuilt, ensureInstalled } from './lib.mjs';

ensureInstalled();
ensureBuilt();
