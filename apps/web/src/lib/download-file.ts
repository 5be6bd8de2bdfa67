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
  saveFrom(url, filename);
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}

/** Has the browser save what an address answers (a file the server sends as an attachment), by a link's click. */
function saveFrom(url: string, filename?: string) {
  const a = document.createElement('a');
  a.href = url;
  if (filename) a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Downloads a large file through a short-lived link the server made for it: the browser saves it
 * to disk as it arrives, so the file never sits in the page’s memory. Returns once the browser
 * has been given the link (the download’s progress is the browser’s own).
 */
export function downloadFromLink(url: string): void {
  saveFrom(url);
}
