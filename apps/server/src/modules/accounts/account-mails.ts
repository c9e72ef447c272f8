import type { Language, Role } from '@tna/domain';
import type { Mail } from '../../lib/mailer.js';
import { translator } from '../../lib/translations.js';

const LOCALES: Record<Language, string> = { en: 'en-GB', fa: 'fa-AF', ps: 'ps-AF' };

/** A link's expiry as people in Afghanistan read a time, in the mail's language. */
function kabulTime(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kabul',
  }).format(date);
}

/** The mail with a one-time password link, in the language of the page the person asked from. */
export function resetLinkMail(
  to: { email: string; name: string; language: Language },
  url: string,
  expiresAt: Date,
): Mail {
  const t = translator(to.language);
  return {
    to: to.email,
    language: to.language,
    subject: t('mail.resetSubject'),
    text: t('mail.resetBody', { name: to.name, time: kabulTime(expiresAt, to.language), url }),
  };
}

/** The answer to an account request: accepted (with the role and where to sign in) or refused. */
export function accountDecisionMail(
  to: { email: string; name: string; language: Language },
  decision: { accepted: true; role: Role; loginUrl: string } | { accepted: false },
): Mail {
  const t = translator(to.language);
  if (!decision.accepted) {
    return {
      to: to.email,
      language: to.language,
      subject: t('mail.refusedSubject'),
      text: t('mail.refusedBody', { name: to.name }),
    };
  }
  return {
    to: to.email,
    language: to.language,
    subject: t('mail.acceptedSubject'),
    text: t('mail.acceptedBody', { name: to.name, role: t(`roles.${decision.role}`), url: decision.loginUrl }),
  };
}
