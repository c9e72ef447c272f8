import { Button, Divider, Group, Paper, Radio, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { AssessmentDto, AssessmentStatus } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoles } from '../../../lib/auth';
import { useSession } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notify';
import { useTabState } from '../../../lib/tab-state';
import { useStatusMove } from '../api/status-move';
import { clearanceChoices } from './clearance-choices';
import { conflictText } from './conflicts';

/** The labels of the clearance choices (SPEC 4): Approve, Reject, 'As a New', Archive. */
export const MOVE_LABEL_KEYS: Record<AssessmentStatus, string> = {
  APPROVED: 'tna.review.moves.APPROVED',
  REJECTED: 'tna.review.moves.REJECTED',
  NEW: 'tna.review.moves.NEW',
  ARCHIVED: 'tna.review.moves.ARCHIVED',
};

/** The review list each status is shown in (SPEC 2). */
const LIST_OF_STATUS: Record<AssessmentStatus, string> = {
  NEW: '/tna/validate',
  APPROVED: '/tna/cleared',
  REJECTED: '/tna/rejected',
  ARCHIVED: '/tna/archived',
};

/** True when the page was reached from another page of the app (React Router counts its entries). */
function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * SPEC 4 clearance form on Assessment Details: hidden for APPROVED and ARCHIVED; Approve or Reject a
 * NEW form, 'As a New' or Archive a REJECTED one; remarks required. On success 'Status Changed', the
 * details and history reload, and the user goes back to the page before.
 */
export function ClearanceSlot({ assessment }: { assessment: AssessmentDto }) {
  const { t, i18n } = useTranslation();
  const roles = useRoles();
  const navigate = useNavigate();
  const statusMove = useStatusMove();
  // The decision and its remarks survive a reload of the tab until they are sent.
  const email = useSession().email ?? 'anonymous';
  const [decision, setDecision, forgetDecision] = useTabState<{ status: string | null; remarks: string }>(
    `tna-review:${email}:${assessment.id}`,
    { status: null, remarks: '' },
  );
  const { status, remarks } = decision;
  const setStatus = (value: string | null) => setDecision({ ...decision, status: value });
  const setRemarks = (value: string) => setDecision({ ...decision, remarks: value });
  const [touched, setTouched] = useState(false);
  const choices = clearanceChoices(assessment.status as AssessmentStatus, roles);
  if (!choices.length) return null;

  const chosen = status && (choices as string[]).includes(status) ? (status as AssessmentStatus) : null;
  const valid = chosen !== null && remarks.trim().length > 0;

  const submit = async () => {
    if (!chosen || !valid) return;
    const text = remarks.trim();
    try {
      // Also done when an earlier send's answer was lost and this one met it (api/status-move.ts).
      await statusMove.move(assessment.id, chosen, text);
      notify('success', t('toast.statusChanged'));
      forgetDecision();
      setTouched(false);
      // Opened from a list in a new tab there is no page before: go to the list the form was in.
      if (hasHistory()) navigate(-1);
      else navigate(LIST_OF_STATUS[assessment.status as AssessmentStatus], { replace: true });
    } catch (error) {
      notify('error', conflictText(t, i18n, error), t('toast.operationFailed'));
    }
  };

  return (
    <section aria-label={t('tna.details.clearance')}>
      <Divider my="sm" label={t('tna.details.clearance')} labelPosition="center" />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Radio.Group label={t('tna.review.decision')} required value={status} onChange={setStatus}>
              <Group gap="lg" mt={6}>
                {choices.map((to) => (
                  <Radio key={to} value={to} label={t(MOVE_LABEL_KEYS[to])} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label={t('tna.details.remarks')}
              required
              autosize
              minRows={3}
              maxLength={1900}
              value={remarks}
              onChange={(event) => setRemarks(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && !remarks.trim() ? t('validation.required') : undefined}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                disabled={!valid}
                loading={statusMove.isPending}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                {t('common.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </section>
  );
}
