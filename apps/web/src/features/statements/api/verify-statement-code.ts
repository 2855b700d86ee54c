import { useQuery } from '@tanstack/react-query';
import { statementCodeResponseSchema } from '@ajo/contracts/statements';
import { api } from '../../../lib/api-client.ts';

export function verifyStatementCode(code: string, signal: AbortSignal) {
  return api.get(`/statements/verify/${encodeURIComponent(code)}`, {
    schema: statementCodeResponseSchema.shape.data,
    signal,
  });
}

/** What Ajo says about a code printed on a statement (anyone may ask). */
export function useStatementCode(code: string | null) {
  return useQuery({
    queryKey: ['statements', 'verify', code],
    queryFn: ({ signal }) => verifyStatementCode(code ?? '', signal),
    enabled: code !== null,
    retry: false,
  });
}
