import { LANGUAGES as DOMAIN_LANGUAGES } from '@tna/domain';
import { describe, expect, it } from 'vitest';
import { compactCss, inlineBoot, LANGUAGES, takeStylesheet } from '../../build/route-preloads';
import { signInFrame } from '../../build/sign-in-frame';

// The build takes the app's stylesheet out of index.html for boot.js to apply (after the frame's
// first paint on a signed-in page, holding the paint on a guest page), and writes the frame's own
// rules into the page.

const built = `<head>
    <script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-b2.css">
  </head>`;

describe('index.html as built', () => {
  it('keeps only a preload of the stylesheet, and names it for boot.js', () => {
    const { html, stylesheet } = takeStylesheet(built);
    expect(stylesheet).toBe('style-b2.css');
    expect(html).not.toContain('rel="stylesheet"');
    // Still asked for as early as before: the parser's preload scan sees it.
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/style-b2.css">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
  });

  it('writes boot.js into the page where the template asks for it, before the entry', () => {
    const html = inlineBoot(built, 'document.title="x";\n');
    expect(html).not.toContain('/boot.js');
    expect(html.indexOf('<script>document.title="x";</script>')).toBeLessThan(html.indexOf('index-a1.js'));
    // `$&` and friends in the code are written as they are, not as replacement patterns.
    expect(inlineBoot(built, 'a="$&$1"')).toContain('<script>a="$&$1"</script>');
  });

  it('fails the build when boot.js holds text that would end the inline script, or the page has no place for it', () => {
    expect(() => inlineBoot(built, 'a="</script>"')).toThrow(/ends an inline script/);
    expect(() => inlineBoot(built, 'a="<!--"')).toThrow(/ends an inline script/);
    expect(() => inlineBoot(built.replace('<script src="/boot.js"></script>', ''), 'a=1')).toThrow(/no <script/);
  });

  it('fails the build on any other number of stylesheets than one', () => {
    expect(() => takeStylesheet(built.replace(/<link[^>]*>/, ''))).toThrow(/0 stylesheets/);
    const two = built.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/page-c3.css">\n</head>');
    expect(() => takeStylesheet(two)).toThrow(/2 stylesheets/);
  });

  it("writes the frame's rules without comments and spaces a browser would ignore, and nothing else changed", () => {
    const css = `/* the frame */
#boot-frame {
  --boot-frame-border: var(--mantine-color-gray-3, #dee2e6);
  padding: calc(56px + var(--boot-frame-padding)) 0;
}

@media (min-width: 48em) {
  .boot-frame-crumb > :first-child,
  .x {
    font-family: Vazirmatn, "Segoe UI", sans-serif;
  }
}
`;
    expect(compactCss(css)).toBe(
      '#boot-frame{--boot-frame-border: var(--mantine-color-gray-3,#dee2e6);padding: calc(56px + var(--boot-frame-padding)) 0}' +
        '@media (min-width: 48em){.boot-frame-crumb>:first-child,.x{font-family: Vazirmatn,"Segoe UI",sans-serif}}',
    );
  });

  it("draws the sign-in page's frame from a language's texts, escaped, with the languages in the app's order", () => {
    expect(LANGUAGES).toEqual([...DOMAIN_LANGUAGES]);
    const html = signInFrame('fa', {
      brand: 'TNA System',
      subtitle: 'برای شروع <نشست> وارد شوید',
      email: 'ایمیل',
      emailPlaceholder: 'name@example.com',
      password: 'رمز عبور',
      signIn: 'ورود',
      forgot: 'رمز "عبورم" & فراموش',
      register: 'ثبت عضویت جدید',
      languageNames: [
        ['en', 'English'],
        ['ps', 'پښتو'],
        ['fa', 'فارسی'],
      ],
      version: 'نسخه 1.0',
    });
    expect(html.startsWith('<template id="boot-sign-in-fa">')).toBe(true);
    expect(html.endsWith('</template>')).toBe(true);
    expect(html).toContain('<h1>TNA System</h1>');
    expect(html).toContain('<p>برای شروع &lt;نشست&gt; وارد شوید</p>');
    expect(html).toContain('<span>رمز &quot;عبورم&quot; &amp; فراموش</span>');
    expect(html).toContain(
      '<span lang="en">English</span><span lang="ps">پښتو</span><span lang="fa" data-active>فارسی</span>',
    );
    // Nothing in it can be used: no field, button or link (it is a picture until the app has come).
    expect(html).not.toMatch(/<(input|button|a|form)\b/);
  });
});
