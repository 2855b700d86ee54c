import { useMutation } from '@tanstack/react-query';
import type { StatementFormat } from '@ajo/contracts/statements';
import {
  API_BASE_PATH,
  API_TIMEOUT_MS,
  ApiError,
  CLIENT_HEADER_NAME,
  CLIENT_HEADER_VALUE,
} from '../../../lib/api-client.ts';

export interface DownloadedStatement {
  fileName: string;
  /** The verification code printed on the statement. */
  code: string;
}

async function failureOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    code?: unknown;
  } | null;
  return new ApiError({
    status: response.status,
    code: typeof body?.code === 'string' ? body.code : `HTTP_${String(response.status)}`,
    message:
      typeof body?.message === 'string'
        ? body.message
        : 'We could not prepare your statement. Please try again',
  });
}

/** Saves a file the browser holds through a temporary link, as a download. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

/**
 * The statement is a file, not JSON: it is fetched here (the session cookie, the client header)
 * and handed to the browser as a download.
 */
export async function downloadStatement(period: {
  from: string;
  to: string;
  format: StatementFormat;
}): Promise<DownloadedStatement> {
  const query = new URLSearchParams(period).toString();
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/statements?${query}`, {
      headers: { [CLIENT_HEADER_NAME]: CLIENT_HEADER_VALUE },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'We could not reach Ajo. Check your connection and try again',
      cause,
    });
  }
  if (!response.ok) throw await failureOf(response);
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `ajo-statement.${period.format}`;
  saveFile(await response.blob(), fileName);
  return { fileName, code: response.headers.get('x-statement-code') ?? '' };
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
