import { intakeEndpoints, type IntakeChannel, type IntakeOutcome } from '@fitscore/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const keys = queryKeys.vc.intake;

export interface IntakeLogFilters {
  channel?: IntakeChannel;
  outcome?: IntakeOutcome;
}

export const useIntakeSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => callEndpoint(intakeEndpoints.settings, { signal }, 'Could not load your intake addresses'),
  });

/** The log refreshes on its own while the tab is open, so a test email shows up without a reload. */
export const useIntakeLog = (filters: IntakeLogFilters) =>
  useQuery({
    queryKey: keys.log(filters),
    queryFn: ({ signal }) => callEndpoint(intakeEndpoints.log, { query: filters, signal }, 'Could not load the intake log'),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(intakeEndpoints.rotateWebhookSecret, {}, 'Could not create a webhook secret'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.settings }),
  });
}

export function useRotateEmailToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(intakeEndpoints.rotateEmailToken, {}, 'Could not rotate the email endpoint'),
    onSuccess: (settings) => queryClient.setQueryData(keys.settings, settings),
  });
}
