import { ApiError, NETWORK_ERROR_MESSAGE, errorOf } from './api-client';

export interface DownloadProgress {
  received: number;
  /** The file's size when the server said it (not for compressed answers). */
  total: number | undefined;
}

interface DownloadOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  onProgress?: (progress: DownloadProgress) => void;
}

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'gabarita';
}

/**
 * Downloads `/api{path}` as a file with the name the server gives it, reporting the bytes as they
 * arrive; a refusal is thrown as the ApiError of its envelope, so the page shows it in place.
 */
export async function downloadFile(
  path: string,
  { method = 'GET', body, onProgress }: DownloadOptions = {},
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'network/unreachable', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw await errorOf(response);

  const total = Number(response.headers.get('content-length')) || undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.({ received, total });
    }
  } catch {
    throw new ApiError({ status: 0, code: 'network/unreachable', message: NETWORK_ERROR_MESSAGE });
  }

  const url = URL.createObjectURL(
    new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by now; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
