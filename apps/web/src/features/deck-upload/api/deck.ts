import { DeckStatusSchema, founderEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, authHeader, callEndpoint, readError, UNAUTHORIZED_EVENT, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useDeckStatus() {
  return useQuery({
    queryKey: queryKeys.founder.deck,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.deckStatus, { signal }),
  });
}

/**
 * Uploads with XMLHttpRequest because fetch cannot report upload progress: the bar shows
 * bytes actually sent, not a timer.
 */
export function uploadDeck(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<ReturnType<typeof DeckStatusSchema.parse>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(founderEndpoints.uploadDeck.path));
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = async () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(DeckStatusSchema.parse(await response.json()));
        return;
      }
      const error = await readError(response, 'Failed to upload deck');
      if (xhr.status === 401) window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError('Upload failed. Please try again.', 0, 'network'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadDeck(file, onProgress),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.founder.deck, status);
      void queryClient.invalidateQueries({ queryKey: queryKeys.founder.progress });
    },
  });
}

/** New Upload: clears the current deck and score on the server, then everything that showed them. */
export function useNewUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(founderEndpoints.newUpload, {}, 'Failed to remove previous deck'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.all }),
  });
}
