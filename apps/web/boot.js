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

// 3. The code of the page being opened is asked for now too, beside the entry's: the shell and the
//    page for a signed-in user, else the guest page (any other path goes to the sign-in page). The
//    app would otherwise learn of the shell only once its entry ran, and of the page once the shell
//    ran. The table is written by the build (build/route-preloads.ts); the dev server has none.
//    `token` repeats STORAGE_KEYS.token of the domain package.
((table) => {
  if (!table) return;
  const BATCH = 6;
  let signedIn = false;
  try {
    signedIn = Boolean(localStorage.getItem('token'));
  } catch {}
  const path = location.pathname;
  const find = (routes) => routes.find(([pattern]) => new RegExp(pattern).test(path));
  const guest = find(table.guest);
  let wanted;
  if (!signedIn) wanted = (guest || table.guest[0])[1];
  else if (guest) wanted = guest[1];
  else wanted = table.shell.concat((find(table.pages) || [null, []])[1]);
  const links = wanted.map((index) => {
    const file = table.files[index];
    const link = document.createElement('link');
    // Stylesheets are only fetched here: applied now, they would come before the app's main
    // stylesheet (this runs before the parser reaches it) and lose to Mantine's rules of the same
    // weight. The app's loader adds them, after it, when the chunk is imported.
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = `/assets/${file}`;
    return link;
  });
  // A few at a time, each few a task of its own: Chromium spends about a millisecond of the main
  // thread on each request it starts (5 ms at 4x CPU slowdown), and the 40-60 files of a signed-in
  // page, appended at once, were one task of 200-350 ms on a slow phone before anything was shown.
  const append = (from) => {
    for (const link of links.slice(from, from + BATCH)) document.head.appendChild(link);
    if (from + BATCH < links.length) setTimeout(() => append(from + BATCH), 0);
  };
  append(0);
})(__ROUTE_PRELOADS__);
