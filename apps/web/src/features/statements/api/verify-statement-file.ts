import { useMutation } from '@tanstack/react-query';
import { statementFileVerificationResponseSchema } from '@ajo/contracts/statements';
import { api } from '../../../lib/api-client.ts';

/** The file's SHA-256, taken in the browser: the statement itself never leaves the device. */
async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function verifyStatementFile(input: { file: File; code?: string | undefined }) {
  const sha256 = await sha256Of(input.file);
  return api.post(
    '/statements/verify',
    { sha256, ...(input.code ? { code: input.code } : {}) },
    { schema: statementFileVerificationResponseSchema.shape.data },
  );
}

export function useVerifyStatementFile() {
  return useMutation({ mutationFn: verifyStatementFile });
}
