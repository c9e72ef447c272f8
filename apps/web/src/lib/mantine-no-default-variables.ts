/**
 * Stands in for Mantine's remove-default-variables.mjs in the build (build/mantine-variables.ts).
 * Mantine's works out all of its default theme's CSS variables as soon as it is loaded, for its
 * provider's `<style>`; the app's provider writes none (`withCssVariables={false}`, the CSS is written
 * at build time), so nothing calls this.
 */
export function removeDefaultVariables(): never {
  throw new Error("Mantine's CSS variables are written at build time: keep withCssVariables={false}");
}
