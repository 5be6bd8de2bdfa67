import { apiUrl, authHeader, readError } from '@/lib/api-client';

/** The name the server gave the file (Content-Disposition), preferring its UTF-8 form. */
function filenameFrom(header: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a file the server sends to the signed-in user (an export) and hands it to the
 * browser under the server's name. Resolves once the whole file has arrived; rejects with the
 * server's message (a plan's refusal, say) or `failed`.
 */
export async function downloadFile(path: string, { fallbackName, failed }: { fallbackName: string; failed: string }): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: authHeader() });
  } catch {
    throw new Error('Cannot reach the FitScore server. Check your connection and try again.');
  }
  if (!response.ok) throw await readError(response, failed);
  const blob = await response.blob();
  const filename = filenameFrom(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
