import { VALIDATION_MESSAGES } from '@tna/domain';
import { describe, expect, it } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import fa from '../../public/assets/i18n/fa.json';
import ps from '../../public/assets/i18n/ps.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const files = { en: flatten(en), ps: flatten(ps), fa: flatten(fa) };

/** Texts that are rightly the same in every language: the product name, endonyms, symbols. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'app.name',
  // '{title} - TNA System': the page's name and the product name, nothing to translate.
  'app.pageTitle',
  'languages.en',
  'languages.ps',
  'languages.fa',
  'auth.emailPlaceholder',
  'common.index',
]);

/** SPEC 5 and 8: the English texts, word for word (misspellings included). */
const SPEC_TEXTS: Record<string, string> = {
  'toast.formInvalid': 'Form is not valid!',
  'toast.loginSuccess': 'Login success',
  'toast.loginFailed': 'Login failed. Please check your email and password and try again!',
  'toast.deleteSucceeded': 'Deletion Succeeded',
  'toast.deleteFailed': 'Deletion Failed!',
  'toast.registrationSucceeded': 'Registration succeeded',
  'toast.registrationFailed': 'Registration failed',
  'toast.updateSucceeded': 'Update succeeded',
  'toast.updateFailed': 'Update failed',
  'toast.operationFailed': 'Operation Failed',
  'toast.statusChanged': 'Status Changed',
  'toast.archived': 'Archived',
  'toast.archiveFailed': 'Arvhice Failed',
  'confirm.delete': 'Are you sure to delete?',
  'confirm.edit': 'Are you sure to edit?',
  'confirm.archive': 'Are you sure to archive this TNA form?',
  'app.name': 'TNA System',
  'app.version': 'Version 1.0',
  'auth.signIn': 'Sign In',
  'auth.agreeTerms': 'I agree to the terms',
  'auth.requestNewPassword': 'Request new password',
  'auth.changePassword': 'Change password',
  'header.memberSince': 'Member since',
  'users.confirmPassword': 'Confirm Password',
  'common.actions': 'Actions',
  'common.action': 'Action',
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translation files', () => {
  it.each(['ps', 'fa'] as const)('%s has every English key and no other', (lng) => {
    const missing = [...files.en.keys()].filter((k) => !files[lng].has(k));
    const extra = [...files[lng].keys()].filter((k) => !files.en.has(k));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it.each(['ps', 'fa'] as const)('%s translates every text (no English copied)', (lng) => {
    const copied = [...files.en].filter(
      ([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(key) && files[lng].get(key)?.trim() === text.trim(),
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it.each(['en', 'ps', 'fa'] as const)('%s has no empty texts', (lng) => {
    const empty = [...files[lng]].filter(([, text]) => !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(['ps', 'fa'] as const)('%s keeps the placeholders of every English text', (lng) => {
    const broken = [...files.en].filter(([key, text]) => {
      const other = files[lng].get(key);
      return other !== undefined && placeholders(other).join() !== placeholders(text).join();
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  // lib/digits.ts shows every number the app formats in Eastern Arabic-Indic digits in Dari and
  // Pashto; a number written into a text must follow the same rule. What stays Latin is what is
  // typed or named as it is: the phone number's pattern, UTF-8.
  it.each(['ps', 'fa'] as const)('%s writes the numbers of its texts in Dari/Pashto digits', (lng) => {
    const latin = [...files[lng]]
      .filter(([, text]) => /[0-9]/.test(text.replace(/\+937x+|UTF-8/g, '')))
      .map(([key]) => key);
    expect(latin).toEqual([]);
  });

  it('has the validation messages of the domain, in English word for word', () => {
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(files.en.get(key), key).toBe(text);
      expect(files.ps.has(key), `ps ${key}`).toBe(true);
      expect(files.fa.has(key), `fa ${key}`).toBe(true);
    }
  });

  it('has the toasts and confirm texts of the spec word for word', () => {
    for (const [key, text] of Object.entries(SPEC_TEXTS)) expect(files.en.get(key), key).toBe(text);
  });
});
