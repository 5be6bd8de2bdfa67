import { ApiError, readError, UNAUTHORIZED_EVENT } from './api-client';

/**
 * Posts a multipart form with XMLHttpRequest, because fetch cannot report upload progress: a bar
 * fed by `onProgress` shows bytes actually sent, not a timer. Resolves with the parsed JSON answer;
 * rejects with the server's `error` text as an ApiError (or `fallbackError`).
 */
export function postFormWithProgress<T>(options: {
  url: string;
  form: FormData;
  headers?: Record<string, string>;
  parse: (body: unknown) => T;
  onProgress?: (fraction: number) => void;
  fallbackError: string;
  signal?: AbortSignal;
}): Promise<T> {
  const { url, form, headers = {}, parse, onProgress, fallbackError, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = async () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parse(await response.json()));
        } catch (err) {
          reject(err);
        }
        return;
      }
      const error = await readError(response, fallbackError);
      if (xhr.status === 401 && headers.Authorization) window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError('Upload failed. Please try again.', 0, 'network'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
