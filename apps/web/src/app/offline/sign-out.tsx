import { Button, Group, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAllModals, openModal } from '../../components/modal-host';
import { clearAllDrafts, hasAnyDraft } from '../../features/assessments/components/draft';
import { signOut } from '../../lib/auth';
import { getSession } from '../../lib/auth-storage';
import { clearOutbox, listOutbox } from '../../lib/offline/outbox';
import { forgetLastProfile } from '../../lib/offline/profile-cache';
import { dropReference } from '../../lib/offline/reference-store';

type Choice = 'keep' | 'discard' | 'cancel';

/**
 * Sign out, asking first when this user has forms waiting in the outbox or a draft: keep them on
 * this device for their next sign-in (nobody else sees them), or discard them. The profile and the
 * reference data kept for offline use go in either case.
 */
export function useSignOut() {
  const { t } = useTranslation();

  const ask = useCallback(
    (waiting: number) =>
      new Promise<Choice>((resolve) => {
        let answered = false;
        const answer = (choice: Choice) => {
          answered = true;
          closeAllModals();
          resolve(choice);
        };
        openModal({
          title: t('offline.signOut.title'),
          centered: true,
          closeButtonProps: { 'aria-label': t('common.close') },
          onClose: () => {
            if (!answered) resolve('cancel');
          },
          children: (
            <Stack gap="md">
              <Text fz="sm">
                {waiting ? t('offline.signOut.waiting', { count: waiting }) : t('offline.signOut.draft')}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => answer('cancel')}>
                  {t('common.cancel')}
                </Button>
                <Button color="red" variant="light" onClick={() => answer('discard')}>
                  {t('offline.signOut.discard')}
                </Button>
                <Button onClick={() => answer('keep')} data-autofocus>
                  {t('offline.signOut.keep')}
                </Button>
              </Group>
            </Stack>
          ),
        });
      }),
    [t],
  );

  return useCallback(async () => {
    const owner = getSession().email;
    if (owner) {
      const waiting = (await listOutbox(owner)).length;
      const hasDraft = hasAnyDraft(owner);
      if (waiting || hasDraft) {
        const choice = await ask(waiting);
        if (choice === 'cancel') return;
        if (choice === 'discard') {
          await clearOutbox(owner).catch(() => undefined);
          clearAllDrafts(owner);
        }
      }
      forgetLastProfile(owner);
      await dropReference(owner);
    }
    await signOut();
  }, [ask]);
}
