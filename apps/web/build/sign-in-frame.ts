/**
 * The sign-in page's frame (boot.js, part 4), one `<template>` per language for index.html. A phone's
 * first visit starts on the sign-in page, and before this frame it stayed blank until the app's
 * script (150 KiB) had come and run: on a slow link, seconds. The frame draws the page as
 * features/auth (auth-card.tsx, login-page.tsx) renders it, in the same boxes (styled by
 * src/app/boot-frame.css), so that the app replaces it without a jump. Nothing in it works: it is a
 * picture, hidden from assistive technology, for the second or two until the app has come.
 *
 * Markup rather than script: boot.js only clones the chosen language's template, so the sign-in
 * page's script (held to 150 KiB gzip, issue 15) does not carry it.
 */

/** The texts the frame shows, from a language's translation file. */
export interface SignInTexts {
  brand: string;
  subtitle: string;
  email: string;
  emailPlaceholder: string;
  password: string;
  signIn: string;
  forgot: string;
  register: string;
  languageNames: [language: string, name: string][];
  version: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** @tabler/icons-react's IconClipboardHeart, as auth-card.tsx draws it (34 px, stroke 1.6). */
const LOGO =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M9 5h-2a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-12a2 2 0 0 0 -2 -2h-2"/>' +
  '<path d="M9 5a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2a2 2 0 0 1 -2 2h-2a2 2 0 0 1 -2 -2"/>' +
  '<path d="M11.993 16.75l2.747 -2.815a1.9 1.9 0 0 0 0 -2.632a1.775 1.775 0 0 0 -2.56 0l-.183 .188l-.183 -.189a1.775 1.775 0 0 0 -2.56 0a1.899 1.899 0 0 0 0 2.632l2.738 2.825l.001 -.009"/>' +
  '</svg>';

/** Mantine's PasswordToggleIcon (the password field's show button), closed. */
const EYE =
  '<svg viewBox="0 0 256 256" fill="none" stroke="currentColor" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"/><circle cx="128" cy="128" r="40"/></svg>';

/** One language's frame, as the content of `<template id="boot-sign-in-{language}">`. */
export function signInFrame(language: string, t: SignInTexts): string {
  const field = (label: string, box: string) =>
    `<div class="boot-sign-in-field"><span>${escapeHtml(label)}</span>${box}</div>`;
  const languages = t.languageNames
    .map(([code, name]) => `<span lang="${code}"${code === language ? ' data-active' : ''}>${escapeHtml(name)}</span>`)
    .join('');
  return (
    `<template id="boot-sign-in-${language}">` +
    '<div class="boot-sign-in"><div class="boot-sign-in-stack">' +
    `<div class="boot-sign-in-brand">${LOGO}<h1>${escapeHtml(t.brand)}</h1></div>` +
    `<div class="boot-sign-in-card"><p>${escapeHtml(t.subtitle)}</p><div class="boot-sign-in-fields">` +
    field(t.email, `<div class="boot-sign-in-input" dir="ltr">${escapeHtml(t.emailPlaceholder)}</div>`) +
    field(t.password, `<div class="boot-sign-in-input boot-sign-in-password">${EYE}</div>`) +
    `<div class="boot-sign-in-button">${escapeHtml(t.signIn)}</div>` +
    `<div class="boot-sign-in-links"><span>${escapeHtml(t.forgot)}</span><span>${escapeHtml(t.register)}</span></div>` +
    '</div></div>' +
    `<div class="boot-sign-in-languages">${languages}</div>` +
    `<div class="boot-sign-in-version">${escapeHtml(t.version)}</div>` +
    '</div></div></template>'
  );
}
