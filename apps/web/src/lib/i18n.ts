import { DEFAULT_LANGUAGE, LANGUAGES, type Language, RTL_LANGUAGES, TRANSLATION_LOAD_RETRIES } from '@tna/domain';
import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localDigits } from './digits';
import { translationBackend } from './translation-backend';

const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Mirror the document for Persian and Pashto; the font follows `lang` (see app.css). */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but still switched.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyDocumentLanguage(language);
});

const initialLanguage = storedLanguage();
applyDocumentLanguage(initialLanguage);

/**
 * Every number put into a translated text ({count}, {total}, {page}...) in the language's digits,
 * the one rule of lib/digits.ts: Eastern Arabic-Indic in Dari and Pashto. Digits only, no grouping
 * (a year stays 1990, not 1,990). Plurals are chosen from the number itself, before this.
 */
const localDigitsFormatter: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value, _format, lng) =>
    typeof value === 'number' && isLanguage(lng) ? localDigits(String(value), lng) : value,
};

void i18n
  .use(translationBackend)
  .use(localDigitsFormatter)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    // SPEC 9: a failed translation file is retried twice.
    maxRetries: TRANSLATION_LOAD_RETRIES,
    // The texts use {name} placeholders, the same as the domain's validation messages.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}', alwaysFormat: true },
    returnEmptyString: false,
    react: { useSuspense: true },
  });

export { i18n };
