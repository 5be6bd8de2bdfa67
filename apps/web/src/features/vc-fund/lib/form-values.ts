import {
  DEFAULT_SCORE_WEIGHTS,
  preferencePercentagesOf,
  preferencesFromProfile,
  preferenceWeightsOf,
  type FundStepInput,
  type PreferenceValues,
  type ScoreWeights,
  type VcFundProfile,
} from '@fitscore/contracts';

/** Step 1's form values: what the fund saved, or empty for a new fund. */
export function fundStepValues(profile: VcFundProfile | null): FundStepInput {
  if (!profile) {
    return { fund_name: '', website: '', sectors: [], stages: [], geography: [], ticket_size_min: null, ticket_size_max: null };
  }
  return {
    fund_name: profile.fundName,
    website: profile.website,
    sectors: profile.sectors,
    stages: profile.stages,
    geography: profile.geography,
    ticket_size_min: profile.ticketSizeMin,
    ticket_size_max: profile.ticketSizeMax,
  };
}

/** The stored model, or the defaults a new fund starts with (the same ones the server uses). */
export const investmentWeightsOf = (profile: VcFundProfile | null): ScoreWeights =>
  profile ? profile.investmentWeights : DEFAULT_SCORE_WEIGHTS;
export const sixWeightsOf = (profile: VcFundProfile | null): PreferenceValues =>
  profile ? preferencesFromProfile(profile.weights) : preferenceWeightsOf(DEFAULT_SCORE_WEIGHTS);
export const percentagesOfProfile = (profile: VcFundProfile | null): PreferenceValues =>
  profile ? preferencesFromProfile(profile.scoringPreferences) : preferencePercentagesOf(DEFAULT_SCORE_WEIGHTS);
export const intakeOf = (profile: VcFundProfile | null) =>
  profile ? profile.intakeSources : { onlineForm: true, emailForwarding: false };

