import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { assessmentKeys } from '../../features/assessments/api/keys';
import { sendOutboxEntry } from '../../features/assessments/api/outbox';
import { dropOldDrafts } from '../../features/assessments/components/draft';
import { getToken, useSession } from '../../lib/auth-storage';
import { notify } from '../../lib/notify';
import { isUsable, onReconnect } from '../../lib/offline/connectivity';
import { drainOutbox } from '../../lib/offline/outbox';
import { hydrateReference, refreshReference } from '../../lib/offline/reference-sync';
import { queryClient } from '../../lib/query-client';

const INTERVAL_MS = 60_000;

const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The signed-in user's offline work, in the background: at start the reference data kept on this
 * device fills the form's lists and drafts older than 30 days go; then, at start, whenever the
 * server answers again after an outage and every minute, the outbox is sent (one form at a time)
 * and the reference data refreshed when it is older than 6 hours.
 */
export function OfflineSync() {
  const { t } = useTranslation();
  const { email, token } = useSession();

  useEffect(() => {
    if (!email || !token) return;
    let alive = true;
    dropOldDrafts();
    const run = async () => {
      if (!alive || !isUsable() || !getToken()) return;
      const result = await drainOutbox(email, sendOutboxEntry);
      if (result.sent) {
        notify('success', t('offline.outbox.sent', { count: result.sent }));
        void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      }
      if (result.rejected) notify('warning', t('offline.outbox.someRefused', { count: result.rejected }));
      if (isUsable()) await refreshReference(email).catch(() => undefined);
    };
    // After the page's first paint: the device's lists go into the query cache, and every select
    // showing one renders again at once (TanStack Query hands answers over synchronously). Before
    // the paint, that work held back a returning officer's first paint by seconds on a slow phone
    // (Lighthouse, issue 15). Offline, the lists arrive a frame later; nothing is fetched meanwhile.
    void afterFirstPaint()
      .then(() => hydrateReference(email))
      .catch(() => undefined)
      .finally(() => void run());
    const stop = onReconnect(() => void run());
    const timer = setInterval(() => void run(), INTERVAL_MS);
    return () => {
      alive = false;
      stop();
      clearInterval(timer);
    };
  }, [email, token, t]);

  return null;
}
