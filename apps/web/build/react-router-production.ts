import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package exports point every bundler at its development build (the production
 * build ships beside it unused: remix-run/react-router#12532, #14753, kept so "for now" against two
 * copies of its contexts in framework mode). The development build keeps its dev-only warnings and
 * checks in every page's first load (issue 15). The app imports the router from `react-router`
 * alone, so a release build takes the production file for that one import and there is still one
 * copy of the router; an import of `react-router-dom` or of a subpath (which would bring the
 * development copy beside it) fails the build. The dev server and the unit tests keep the
 * development build and its warnings.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const development = require.resolve('react-router');
  // .../react-router/dist/development/index.js -> .../dist/production/index.mjs
  const production = path.join(path.dirname(development), '..', 'production', 'index.mjs');
  return {
    name: 'tna-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return production;
      if (source === 'react-router-dom' || source.startsWith('react-router/'))
        this.error(`Import the router from 'react-router' alone (build/react-router-production.ts): ${source}`);
      return null;
    },
  };
}
