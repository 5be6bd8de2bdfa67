import {
  vcEndpoints,
  type FundStep,
  type IntakeSourcesBody,
  type InvestmentWeightsBody,
  type ScoringPreferencesBody,
  type ScoringWeightsBody,
  type VcProfileResponse,
} from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { STORAGE_KEYS, storage } from '@/lib/storage';

export const vcProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.profile,
    queryFn: async ({ signal }) => {
      const data = await callEndpoint(vcEndpoints.getProfile, { signal }, 'Could not load your fund');
      remember(data);
      return data;
    },
  });

/** The browser's onboarding flag is a cache of the server's answer, rewritten on every answer. */
function remember(data: VcProfileResponse) {
  storage.setFlag(STORAGE_KEYS.vcOnboardingComplete, data.onboardingComplete);
}

export const useVcProfile = () => useQuery(vcProfileQuery());

/** Every save answers the whole profile: it replaces the cached one, so each screen shows what the server holds. */
function useProfileSave<B>(call: (body: B) => Promise<VcProfileResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      remember(data);
      queryClient.setQueryData(queryKeys.vc.profile, data);
    },
  });
}

export const useSaveFundStep = (fallback = 'Failed to complete onboarding') =>
  useProfileSave((body: FundStep) => callEndpoint(vcEndpoints.saveFundStep, { body }, fallback));

export const useSaveScoringWeights = () =>
  useProfileSave((body: ScoringWeightsBody) =>
    callEndpoint(vcEndpoints.saveScoringWeights, { body }, 'Failed to complete onboarding'),
  );

export const useSaveIntakeSources = (fallback = 'Failed to complete onboarding') =>
  useProfileSave((body: IntakeSourcesBody) => callEndpoint(vcEndpoints.saveIntakeSources, { body }, fallback));

export const useSaveScoringPreferences = () =>
  useProfileSave((body: ScoringPreferencesBody) =>
    callEndpoint(vcEndpoints.saveScoringPreferences, { body }, 'Failed to save weights'),
  );

export const useSaveInvestmentWeights = () =>
  useProfileSave((body: InvestmentWeightsBody) =>
    callEndpoint(vcEndpoints.saveInvestmentWeights, { body }, 'Failed to save weights'),
  );
