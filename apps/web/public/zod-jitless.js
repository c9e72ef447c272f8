// Runs before the app's modules (a classic script; modules are deferred). The Content-Security-Policy
// allows no eval: Zod compiles fast object parsers with `new Function` when it may, and Chromium
// reports even its probe for that as a policy violation, though Zod catches the error. Zod reads this
// configuration when it loads (z.config() would come too late: schemas are built as modules load).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
