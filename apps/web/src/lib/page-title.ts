import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab's title, in the active language: 'New assessment - TNA System'. Tabs of the same app
 * (a list and the details opened from it) are told apart by it, and screen readers announce it.
 */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  const full = title ? t('app.pageTitle', { title }) : t('app.name');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
