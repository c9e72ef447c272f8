import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-error';
import { getConnectivity } from '../../../lib/offline/connectivity';
import { getOutboxEntry, type OutboxEntry, putOutboxEntry, removeOutboxEntry } from '../../../lib/offline/outbox';
import type { AssessmentFormValues, Submission } from '../components/assessment-values';
import { createAssessment } from './create-assessment';
import { assessmentKeys } from './keys';

/** No answer at all, a time-out, or a server that is down: the form goes to the outbox. */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** Send one outbox entry, always with its own idempotency key (the entry's id). */
export async function sendOutboxEntry(entry: OutboxEntry): Promise<void> {
  await createAssessment({
    data: entry.data as Submission['data'],
    priorities: entry.priorities,
    idempotencyKey: entry.id,
  });
}

async function queue(owner: string, key: string, submission: Submission, values: AssessmentFormValues) {
  const now = new Date().toISOString();
  const before = await getOutboxEntry(owner, key).catch(() => undefined);
  await putOutboxEntry({
    id: key,
    owner,
    values,
    data: submission.data as unknown as Record<string, unknown>,
    priorities: submission.priorities.map((p) => ({
      department: p.department,
      training: p.training,
      priority: p.priority,
    })),
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    state: 'waiting',
    attempts: before?.attempts ?? 0,
  });
}

/**
 * Submit a new assessment, or keep it in the outbox when the server cannot be reached (offline, a
 * time-out, a 5xx). Resolves 'sent' or 'queued'; rejects with the server's answer otherwise (422,
 * 409...), which the form shows on its fields. An outbox entry being corrected keeps its key.
 */
export function useSubmitOrQueue(owner: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (submission: Submission, values: AssessmentFormValues, key: string): Promise<'sent' | 'queued'> => {
      if (!getConnectivity().online) {
        await queue(owner, key, submission, values);
        return 'queued';
      }
      try {
        await createAssessment({ ...submission, idempotencyKey: key });
      } catch (error) {
        if (!unreachable(error)) throw error;
        await queue(owner, key, submission, values);
        return 'queued';
      }
      await removeOutboxEntry(owner, key).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      return 'sent';
    },
    [owner, queryClient],
  );
}
