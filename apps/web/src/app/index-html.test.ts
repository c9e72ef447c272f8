import { describe, expect, it } from 'vitest';
import { compactCss, takeStylesheet } from '../../build/route-preloads';

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
});
