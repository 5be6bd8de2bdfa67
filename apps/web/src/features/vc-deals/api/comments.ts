import { dealCommentsEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { dealKeys } from './deals';

export const commentKeys = { comments: dealKeys.comments, activity: dealKeys.activity };

export function useDealComments(dealId: string) {
  return useQuery({
    queryKey: commentKeys.comments(dealId),
    queryFn: ({ signal }) =>
      callEndpoint(dealCommentsEndpoints.list, { params: { id: dealId }, signal }, 'Could not load the comments'),
  });
}

export function useDealActivity(dealId: string) {
  return useQuery({
    queryKey: commentKeys.activity(dealId),
    queryFn: ({ signal }) =>
      callEndpoint(dealCommentsEndpoints.activity, { params: { id: dealId }, signal }, 'Could not load the activity'),
  });
}

function useCommentMutation<V>(dealId: string, call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: commentKeys.comments(dealId) }),
        client.invalidateQueries({ queryKey: commentKeys.activity(dealId) }),
      ]);
    },
  });
}

export const useAddComment = (dealId: string) =>
  useCommentMutation(dealId, (body: string) =>
    callEndpoint(
      dealCommentsEndpoints.create,
      { params: { id: dealId }, body: { body } },
      'Could not post the comment. Please try again.',
    ),
  );

export const useEditComment = (dealId: string) =>
  useCommentMutation(dealId, ({ id, body }: { id: string; body: string }) =>
    callEndpoint(
      dealCommentsEndpoints.update,
      { params: { id: dealId, cid: id }, body: { body } },
      'Could not save the comment. Please try again.',
    ),
  );

export const useDeleteComment = (dealId: string) =>
  useCommentMutation(dealId, (id: string) =>
    callEndpoint(
      dealCommentsEndpoints.remove,
      { params: { id: dealId, cid: id } },
      'Could not delete the comment. Please try again.',
    ),
  );
