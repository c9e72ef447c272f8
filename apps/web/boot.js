// Runs before the app's modules (a classic script in <head>; modules are deferred). Its jobs:
//
// 1. The Content-Security-Policy allows no eval: Zod compiles fast object parsers with `new Function`
//    when it may, and Chromium reports even its probe for that as a policy violation, though Zod
//    catches the error. Zod reads this configuration when it loads (z.config() would come too late:
//    schemas are built as modules load).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// 2. The texts of the chosen language are asked for now, beside the app's script, not once that
//    script has arrived and run: nothing is shown before them, and on a slow link that is a round
//    trip less before the first paint. The names repeat src/lib/i18n.ts (a static file cannot import
//    it): the `language` key of localStorage, English as the default and the fallback. The document
//    is given the language's direction now too, for the frame of part 4.
((table, script) => {
  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const language = ['fa', 'ps'].includes(stored('language')) ? stored('language') : 'en';
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'en' ? 'ltr' : 'rtl';
  const askTexts = () => {
    for (const name of language === 'en' ? ['en'] : [language, 'en']) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      // The same request as i18next's fetch (mode cors, same-origin credentials), so it is reused.
      link.crossOrigin = 'anonymous';
      link.href = `/assets/i18n/${name}.json`;
      document.head.appendChild(link);
    }
  };

  // 3. The code of the page being opened is asked for now too, beside the entry's: the shell and the
  //    page for a signed-in user, else the guest page (any other path goes to the sign-in page). The
  //    app would otherwise learn of the shell only once its entry ran, and of the page once the shell
  //    ran. The table is written by the build (build/route-preloads.ts); the dev server has none.
  //    `token` repeats STORAGE_KEYS.token of the domain package.
  // 3b. Once every one of those requests has been started, this resolves (at once where there is no
  //     table). The app waits for it before its first import() of the shell or a page: Vite's loader
  //     starts, in one task, a request for each file of an import it finds no <link> for, and at the
  //     entry's start (which often runs before the batches below are done) that doubled the requests
  //     in a task of 60-100 ms at 4x CPU slowdown (src/app/routes/boot-preloads.ts).
  let preloaded;
  globalThis.__tnaBootPreloads = new Promise((resolve) => {
    preloaded = resolve;
  });
  if (!table) {
    preloaded();
    return askTexts();
  }
  const BATCH = 3;
  const signedIn = Boolean(stored('token'));
  const path = location.pathname;
  const find = (routes) => routes.findIndex(([pattern]) => new RegExp(pattern).test(path));
  const guest = table.guest[find(table.guest)];
  const page = find(table.pages);
  // A guest anywhere but on another guest page is sent to the sign-in page, which has a frame too.
  const signIn = !signedIn && (!guest || guest === table.guest[0]);
  const framed = signIn || (signedIn && !guest && page >= 0);
  let wanted;
  if (!signedIn) wanted = (guest || table.guest[0])[1];
  else if (guest) wanted = guest[1];
  else wanted = table.shell.concat(page < 0 ? [] : table.pages[page][1]);

  // The app's one stylesheet (the build takes it out of index.html, leaving a preload): where the
  // frame of part 4 is painted, it is applied just after the frame's first paint, since the frame
  // brings its own few rules and lies over the app until the sheet has come (applying 170 KB of
  // rules took 12 ms, 50 at 4x CPU slowdown, before that paint); elsewhere (a guest page) it holds
  // the first paint as a stylesheet in <head> does, or a guest would see the page unstyled. It goes
  // where index.html had it, in <head> before anything the app adds there: Mantine's rules must
  // come before the ones Mantine adds as it runs.
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.crossOrigin = 'anonymous';
  sheet.href = `/assets/${table.stylesheet}`;
  if (!framed) sheet.setAttribute('blocking', 'render');
  let styled = false;
  let styledThen = () => {};
  sheet.onload = sheet.onerror = () => {
    styled = true;
    styledThen();
  };
  const applySheet = () => {
    if (!sheet.isConnected) script.after(sheet);
  };

  const links = wanted.map((index) => {
    const file = table.files[index];
    const link = document.createElement('link');
    // Stylesheets are only fetched here: the app's loader applies them, after the app's main
    // stylesheet, when their chunk is imported.
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = `/assets/${file}`;
    return link;
  });
  // A few at a time, each few a task of its own: Chromium spends 1-3 ms of the main thread on each
  // request it starts (5-12 ms at 4x CPU slowdown), and the 40-60 files of a signed-in page, appended
  // at once, were one task of 200-350 ms on a slow phone before anything was shown. Three a task stay
  // under the 50 ms of a long task on the slowest machines measured (six made tasks of 44-84 ms).
  const append = (from) => {
    for (const link of links.slice(from, from + BATCH)) document.head.appendChild(link);
    if (from + BATCH < links.length) setTimeout(() => append(from + BATCH), 0);
    else preloaded();
  };
  // All of the above starts now, or, where a frame is painted, just after its first paint: the
  // requests cost the main thread 10-30 ms (a slow phone: four times that), and the parser, held
  // by this script, puts #root on the page for the frame only once it has returned.
  let started = false;
  const startAll = () => {
    if (started) return;
    started = true;
    applySheet();
    // Where a frame was painted the sheet has usually come by now, and its rules are parsed as it is
    // added (10-30 ms at 4x CPU slowdown): the requests go in tasks of their own after it, so that
    // no one task keeps the phone from answering a tap for long.
    const rest = () => {
      askTexts();
      append(0);
    };
    if (framed) setTimeout(rest, 0);
    else rest();
  };
  if (!framed) return startAll();
  document.addEventListener('DOMContentLoaded', startAll);

  // 4. A page's frame, painted before the app's code has arrived and run (seconds, on a slow link
  //    and a cheap phone, of a blank screen before). A signed-in page's: the header, the menu's rail,
  //    the footer and the page's title where the app shows them, in the chosen language and colours
  //    (styled by src/app/boot-frame.css, which the build writes into index.html). The sign-in
  //    page's: the page itself, from a template the build wrote into index.html for each language
  //    (build/sign-in-frame.ts). It lies over the app and goes in the same frame as the app first
  //    shows a page heading (the page's, or the sign-in page's after a session ended) or an alert
  //    (no access to the page, an error), once the app's stylesheet has come. Nothing under it
  //    moves. Without both in 20 s it goes anyway. The keys repeat src/app/theme.ts
  //    (`tna-color-scheme`) and src/app/shell/display-settings.ts.
  const texts = table.texts[language];
  const title = signIn ? texts.signIn : texts.titles[page];
  document.title = texts.tab.replace('{title}', title);
  let scheme = stored('tna-color-scheme');
  if (scheme === 'auto') scheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
  let settings = {};
  try {
    settings = JSON.parse(stored('tna-display-settings')) || {};
  } catch {}
  const frame = document.createElement('div');
  frame.id = 'boot-frame';
  frame.setAttribute('aria-hidden', 'true');
  if (signIn) frame.dataset.page = 'sign-in';
  else {
    frame.dataset.header = settings.navbarVariant || 'default';
    frame.dataset.skin = settings.sidebarSkin || 'dark';
    frame.dataset.rail = String(settings.sidebarCollapsed !== false);
    frame.innerHTML =
      '<div class="boot-frame-header"></div><div class="boot-frame-navbar"></div><div class="boot-frame-footer"></div>' +
      '<div class="boot-frame-main"><div class="boot-frame-crumb"><span></span><span>/</span><span></span></div>' +
      '<h1 class="boot-frame-title"></h1></div>';
    const crumbs = frame.querySelectorAll('.boot-frame-crumb span');
    crumbs[0].textContent = texts.home;
    crumbs[2].textContent = title;
    frame.querySelector('h1').textContent = title;
  }
  const place = () => {
    const app = document.getElementById('root');
    if (!app) return;
    // In <head>, parsed by now.
    const template = signIn && document.getElementById(`boot-sign-in-${language}`);
    if (template) frame.appendChild(template.content.cloneNode(true));
    document.body.appendChild(frame);
    // After the paint the animation frame comes before.
    requestAnimationFrame(() => setTimeout(startAll, 0));
    let timer;
    const shown = () => styled && app.querySelector('h1, [role="alert"]');
    const observer = new MutationObserver(() => {
      if (shown()) done();
    });
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      frame.remove();
    };
    styledThen = () => {
      if (shown()) done();
    };
    observer.observe(app, { childList: true, subtree: true });
    timer = setTimeout(done, 20000);
  };
  // As soon as the parser has put #root on the page. Waiting for the document to turn "interactive"
  // put the frame there only once the app's entry script had come (Chromium ends the parse then),
  // and the first paint with it: a paint that waited for the entry's 80 KB.
  const parsed = new MutationObserver(() => {
    if (!document.getElementById('root')) return;
    parsed.disconnect();
    place();
  });
  parsed.observe(document.documentElement, { childList: true, subtree: true });
})(__ROUTE_PRELOADS__, document.currentScript);
