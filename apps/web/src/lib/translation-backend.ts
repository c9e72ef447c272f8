import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Fetches a language's texts from /assets/i18n/{language}.json for i18next. i18next retries a read
 * its backend marks retryable (SPEC 9: a failed translation file is tried twice more): a dropped
 * link or a 5xx is, a 4xx or a file that is not JSON is not, as i18next-http-backend decides. Not that
 * backend: its request layer (XHR, fetch, custom paths and payloads) was 3 KiB gzip of every page's
 * first load for this one fetch (issue 15).
 */
export function translationUrl(language: string): string {
  return `/assets/i18n/${encodeURIComponent(language)}.json`;
}

export function readTranslations(
  language: string,
  callback: ReadCallback,
  load: typeof fetch = (input) => fetch(input),
): void {
  const url = translationUrl(language);
  load(url).then(
    (response) => {
      if (!response.ok) {
        const retry = response.status >= 500 || response.status === 0;
        callback(`failed loading ${url}; status code: ${response.status}`, retry);
        return;
      }
      response.json().then(
        (texts: unknown) => callback(null, texts as Parameters<ReadCallback>[1]),
        () => callback(`failed parsing ${url} to json`, false),
      );
    },
    (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true),
  );
}

export const translationBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => readTranslations(language, callback),
};
