import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  savingRecordResponseSchema,
  targetSavingsMessages,
  type TargetSavingBody,
} from '@ajo/contracts/savings';
import { api } from '../../../lib/api-client.ts';
import { refreshAfterTargetChange } from './target-query-refresh.ts';

export interface CreateTargetSavingInput {
  body: TargetSavingBody;
  /** One per confirmed attempt, so a retried Create Target cannot make two plans. */
  idempotencyKey: string;
}

/** Makes a target plan (POST /savings/target); done when the answer says 'Target created'. */
export function createTargetSaving({ body, idempotencyKey }: CreateTargetSavingInput) {
  return api.post('/savings/target', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: savingRecordResponseSchema.shape.data,
    expectMessage: targetSavingsMessages.created,
  });
}

export function useCreateTargetSaving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTargetSaving,
    onSettled: () => refreshAfterTargetChange(queryClient),
  });
}
