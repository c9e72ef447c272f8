/**
 * Stand in, in the build, for the two parts of Mantine's provider that write its `<style>` elements
 * (build/mantine-variables.ts): the theme's CSS variables and its breakpoint classes are written at
 * build time by Mantine's own provider, and the app's provider is told not to
 * (`withCssVariables={false} withGlobalClasses={false}`, app/providers.tsx), so nothing renders these.
 * Mantine's own modules brought every page 3 KiB gzip of resolvers and colour functions that ran for
 * nothing but that `<style>` (issue 15). Rendered by mistake, they say what to keep.
 */
function writtenAtBuildTime(): never {
  throw new Error(
    "Mantine's CSS variables and classes are written at build time: keep withCssVariables and withGlobalClasses false",
  );
}

export const MantineCssVariables = writtenAtBuildTime;
export const MantineClasses = writtenAtBuildTime;
