import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pinCodeResponseSchema, type ChangePinBody, type SetPinBody } from '@ajo/contracts/pin';
import { api } from '../../../lib/api-client.ts';
import { pinStatusQueryKey } from '../../../lib/transaction-pin.ts';

/** `POST /pin`: the first PIN, with the password. */
export async function setTransactionPin(body: SetPinBody): Promise<void> {
  await api.post('/pin', body);
}

/** `POST /pin/code`: emails a 6-digit code for changing or resetting the PIN. */
export function sendPinCode() {
  return api.post('/pin/code', undefined, { schema: pinCodeResponseSchema.shape.data });
}

/** `PUT /pin`: a new PIN with the password and the emailed code; clears a lock. */
export async function changeTransactionPin(body: ChangePinBody): Promise<void> {
  await api.put('/pin', body);
}

function useRefreshPinStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: pinStatusQueryKey });
}

// The mutations keep no variables once settled (gcTime 0): the PIN and password leave memory
// with the form.
export function useSetTransactionPin() {
  const refresh = useRefreshPinStatus();
  return useMutation({ mutationFn: setTransactionPin, onSettled: refresh, gcTime: 0 });
}

export function useSendPinCode() {
  return useMutation({ mutationFn: sendPinCode });
}

export function useChangeTransactionPin() {
  const refresh = useRefreshPinStatus();
  return useMutation({ mutationFn: changeTransactionPin, onSettled: refresh, gcTime: 0 });
}
