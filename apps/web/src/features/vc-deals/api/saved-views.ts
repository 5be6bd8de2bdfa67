import { savedViewEndpoints, type SavedViewBody, type SavedViewUpdate } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The member's views ('My deals', their own, the fund's shared ones) and their default. */
export function useSavedViews() {
  return useQuery({
    queryKey: queryKeys.vc.views,
    queryFn: ({ signal }) => callEndpoint(savedViewEndpoints.list, { signal }, 'Could not load your saved views'),
  });
}

function useViewsMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.vc.views }) });
}

export const useCreateView = () =>
  useViewsMutation((body: SavedViewBody) => callEndpoint(savedViewEndpoints.create, { body }, 'Could not save the view. Please try again.'));
export const useUpdateView = () =>
  useViewsMutation(({ id, body }: { id: string; body: SavedViewUpdate }) =>
    callEndpoint(savedViewEndpoints.update, { params: { id }, body }, 'Could not change the view. Please try again.'),
  );
export const useDeleteView = () =>
  useViewsMutation((id: string) => callEndpoint(savedViewEndpoints.remove, { params: { id } }, 'Could not delete the view. Please try again.'));
export const useSetDefaultView = () =>
  useViewsMutation((viewId: string | null) => callEndpoint(savedViewEndpoints.setDefault, { body: { viewId } }, 'Could not change your default view.'));
