import { i18n, isLanguage, storedLanguage } from '../../lib/i18n';

/** The manifest of the chosen language (name, `lang`, `dir`), so an installed app carries it. */
function pointManifestAt(language: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && isLanguage(language)) link.href = `/manifest.${language}.webmanifest`;
}

/** From the first page on, the sign-in page included: a phone may be asked to install from there. */
export function followLanguageInManifest(): void {
  pointManifestAt(storedLanguage());
  i18n.on('languageChanged', pointManifestAt);
}
