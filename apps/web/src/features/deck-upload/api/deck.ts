import { DeckStatusSchema, founderEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, authHeader, callEndpoint } from '@/lib/api-client';
import { postFormWithProgress } from '@/lib/upload-with-progress';
import { queryKeys } from '@/lib/query-keys';

export function useDeckStatus() {
  return useQuery({
    queryKey: queryKeys.founder.deck,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.deckStatus, { signal }),
  });
}

/** Uploads the deck; the bar follows the bytes actually sent. */
export function uploadDeck(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return postFormWithProgress({
    url: apiUrl(founderEndpoints.uploadDeck.path),
    form,
    headers: authHeader(),
    parse: (body) => DeckStatusSchema.parse(body),
    onProgress,
    fallbackError: 'Failed to upload deck',
    ...(signal ? { signal } : {}),
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
