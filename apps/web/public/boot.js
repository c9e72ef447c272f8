// Runs before the app's modules (a classic script in <head>; modules are deferred). Two jobs:
//
// 1. The Content-Security-Policy allows no eval: Zod compiles fast object parsers with `new Function`
//    when it may, and Chromium reports even its probe for that as a policy violation, though Zod
//    catches the error. Zod reads this configuration when it loads (z.config() would come too late:
//    schemas are built as modules load).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// 2. The texts of the chosen language are asked for now, beside the app's script, not once that
//    script has arrived and run: nothing is shown before them, and on a slow link that is a round
//    trip less before the first paint. The names repeat src/lib/i18n.ts (a static file cannot import
//    it): the `language` key of localStorage, English as the default and the fallback.
(() => {
  let language = 'en';
  try {
    const stored = localStorage.getItem('language');
    if (stored === 'fa' || stored === 'ps') language = stored;
  } catch {}
  for (const name of language === 'en' ? ['en'] : [language, 'en']) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    // The same request as i18next's fetch (mode cors, same-origin credentials), so it is reused.
    link.crossOrigin = 'anonymous';
    link.href = `/assets/i18n/${name}.json`;
    document.head.appendChild(link);
  }
})();
