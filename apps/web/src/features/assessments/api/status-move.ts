import { useQueryClient } from '@tanstack/react-query';
import type { AssessmentStatus } from '@tna/domain';
import { useSession } from '../../../lib/auth-storage';
import { conflictOf } from '../components/conflicts';
import { refreshAfterMove, useChangeStatus } from './change-status';
import { historiesQueryOptions } from './get-histories';

/**
 * A status move (a review's decision, an archive) that also succeeds when its first send reached the
 * server but the answer was lost on the way back (a dropped link): sent again, the server says the
 * form was already moved, and the form's history shows this user's own move, to this status with
 * these remarks. Anyone else's move is still the conflict it is.
 */
export function useStatusMove() {
  const changeStatus = useChangeStatus();
  const queryClient = useQueryClient();
  const email = useSession().email ?? '';

  const ownMove = async (error: unknown, id: number, to: AssessmentStatus, remarks: string) => {
    if (conflictOf(error) !== 'alreadyReviewed') return false;
    try {
      const history = await queryClient.fetchQuery({ ...historiesQueryOptions(id), staleTime: 0 });
      const last = history[history.length - 1];
      return (
        last?.to_status === to && last.remarks === remarks && last.user.email.toLowerCase() === email.toLowerCase()
      );
    } catch {
      return false;
    }
  };

  const move = async (id: number, to: AssessmentStatus, remarks: string) => {
    try {
      await changeStatus.mutateAsync({ staff_id: id, status: to, remarks });
    } catch (error) {
      if (!(await ownMove(error, id, to, remarks))) throw error;
      // Done, though the mutation failed: the lists are read again as after a success.
      await refreshAfterMove(queryClient);
    }
  };

  return { move, isPending: changeStatus.isPending };
}
