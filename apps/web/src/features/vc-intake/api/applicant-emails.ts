import { applicantReplyEndpoints, type ApplicantReplySettings, type ApplicantReplyTemplates } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The receipt and decline emails the fund's applicants receive, and their delay. */
export const useApplicantEmails = () =>
  useQuery({
    queryKey: queryKeys.vc.applicantEmails,
    queryFn: ({ signal }) => callEndpoint(applicantReplyEndpoints.settings, { signal }, 'Could not load your applicant emails'),
  });

/** The emails a deal's applicants were sent, or will be. */
export const useDealApplicantEmails = (dealId: string) =>
  useQuery({
    queryKey: queryKeys.vc.dealApplicantEmails(dealId),
    queryFn: ({ signal }) => callEndpoint(applicantReplyEndpoints.ofDeal, { params: { id: dealId }, signal }, 'Could not load the emails to this applicant'),
  });

function useApplicantEmailsChange<B>(call: (body: B) => Promise<ApplicantReplySettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.vc.applicantEmails, data),
  });
}

export const useSaveApplicantEmails = () =>
  useApplicantEmailsChange((body: ApplicantReplyTemplates) => callEndpoint(applicantReplyEndpoints.save, { body }, 'Could not save your applicant emails'));

export const useResetApplicantEmails = () =>
  useApplicantEmailsChange(() => callEndpoint(applicantReplyEndpoints.reset, {}, 'Could not reset your applicant emails'));
