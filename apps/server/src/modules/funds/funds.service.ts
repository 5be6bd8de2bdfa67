import {
  applyPercentages,
  overallSharesOf,
  FundStepSchema,
  IntakeSourcesBodySchema,
  preferencePercentagesOf,
  preferencesFromWire,
  preferencesToProfile,
  preferenceWeightsOf,
  withPreferenceWeights,
  type FundStep,
  type IntakeSourcesBody,
  type InvestmentWeightsBody,
  type ScoreWeights,
  type ScoringPreferencesBody,
  type ScoringWeightsBody,
  type VcFundProfile,
  type VcProfileResponse,
} from '@fitscore/contracts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { FundChanges, FundRow, FundsRepository } from './funds.repository.ts';

/** The fund's one weight model, read from its nine columns. */
export function weightsOf(row: FundRow): ScoreWeights {
  return {
    team: row.weightTeam,
    market: row.weightMarket,
    problemSolution: row.weightProblemSolution,
    traction: row.weightTraction,
    product: row.weightProduct,
    businessModel: row.weightBusinessModel,
    financials: row.weightFinancials,
    gtm: row.weightGtm,
    risks: row.weightRisks,
  };
}

function weightColumns(w: ScoreWeights): FundChanges {
  return {
    weightTeam: w.team,
    weightMarket: w.market,
    weightProblemSolution: w.problemSolution,
    weightTraction: w.traction,
    weightProduct: w.product,
    weightBusinessModel: w.businessModel,
    weightFinancials: w.financials,
    weightGtm: w.gtm,
    weightRisks: w.risks,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Onboarding is complete when the stored state passes the same rules the three steps
 * enforce: step 1 valid (re-checked with the shared schema, so a rule added later applies
 * to old rows too), weights saved, and the intake step saved with at least one source on.
 */
export function isOnboardingComplete(row: FundRow): boolean {
  const step1 = FundStepSchema.safeParse({
    fund_name: row.fundName,
    website: row.website,
    sectors: row.sectors,
    stages: row.stages,
    geography: row.geography,
    ticket_size_min: row.ticketSizeMin,
    ticket_size_max: row.ticketSizeMax,
  });
  const intake = IntakeSourcesBodySchema.safeParse({
    online_form_enabled: row.onlineFormEnabled,
    email_forwarding_enabled: row.emailForwardingEnabled,
  });
  return (
    row.fundStepCompletedAt !== null &&
    step1.success &&
    row.weightsStepCompletedAt !== null &&
    row.intakeStepCompletedAt !== null &&
    intake.success
  );
}

/** The fund's public apply page: stable, since the slug never changes. */
export const publicApplyUrl = (publicWebUrl: string, row: FundRow) => `${publicWebUrl.replace(/\/$/, '')}/apply/${row.slug}`;

export function toProfile(row: FundRow, publicWebUrl: string): VcFundProfile {
  const weights = weightsOf(row);
  return {
    id: row.id,
    fundName: row.fundName,
    website: row.website,
    sectors: row.sectors as VcFundProfile['sectors'],
    stages: row.stages as VcFundProfile['stages'],
    geography: row.geography as VcFundProfile['geography'],
    ticketSizeMin: row.ticketSizeMin,
    ticketSizeMax: row.ticketSizeMax,
    publicApplyUrl: publicApplyUrl(publicWebUrl, row),
    weights: preferencesToProfile(preferenceWeightsOf(weights)),
    scoringPreferences: preferencesToProfile(preferencePercentagesOf(weights)),
    investmentWeights: weights,
    overallShares: overallSharesOf(weights),
    intakeSources: { onlineForm: row.onlineFormEnabled, emailForwarding: row.emailForwardingEnabled },
    steps: {
      fund: iso(row.fundStepCompletedAt),
      weights: iso(row.weightsStepCompletedAt),
      intake: iso(row.intakeStepCompletedAt),
    },
    onboardingCompletedAt: iso(row.onboardingCompletedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Runs in the transaction of a save of the weights or the thesis (the fund's deals are re-ranked or re-fitted with it). */
export type FundSavedListener = (fundId: string, tx: Transaction) => Promise<void>;

export function createFundsService(repo: FundsRepository, uow: UnitOfWork, { publicWebUrl }: { publicWebUrl: string }) {
  const weightsSaved: FundSavedListener[] = [];
  const thesisSaved: FundSavedListener[] = [];

  /**
   * Applies one save to the caller's own fund (made on the first save) and answers the new
   * state. The changes are computed from the row as it is under a lock, in one transaction,
   * so two saves at once apply one after the other and neither is lost. A save of weights
   * re-ranks the fund's deals in the same transaction: no one sees old scores under new weights;
   * a save of the thesis reads their fit with it again, as their arrival did.
   */
  async function save(userId: string, changes: (row: FundRow) => FundChanges, { weights = false, thesis = false } = {}): Promise<VcProfileResponse> {
    const { id } = await repo.ensureForUser(userId);
    const row = await uow.run(async (tx) => {
      const funds = repo.in(tx);
      const updated = await funds.update(id, changes(await funds.lock(id)));
      if (weights) for (const listener of weightsSaved) await listener(id, tx);
      if (thesis) for (const listener of thesisSaved) await listener(id, tx);
      return isOnboardingComplete(updated) && !updated.onboardingCompletedAt ? funds.markOnboarded(id) : updated;
    });
    return { profile: toProfile(row, publicWebUrl), onboardingComplete: isOnboardingComplete(row) };
  }

  const now = () => new Date();

  return {
    async getProfile(userId: string): Promise<VcProfileResponse> {
      const row = await repo.findByUser(userId);
      if (!row) return { profile: null, onboardingComplete: false };
      return { profile: toProfile(row, publicWebUrl), onboardingComplete: isOnboardingComplete(row) };
    },

    /** Another module's work when the fund's weights are saved, in the save's transaction. */
    onWeightsSaved(listener: FundSavedListener) {
      weightsSaved.push(listener);
    },

    /** Another module's work when the fund's thesis (step 1) is saved, in the save's transaction. */
    onThesisSaved(listener: FundSavedListener) {
      thesisSaved.push(listener);
    },

    saveFundStep: (userId: string, step: FundStep) =>
      save(userId, () => ({
        fundName: step.fund_name,
        website: step.website,
        sectors: step.sectors,
        stages: step.stages,
        geography: step.geography,
        ticketSizeMin: step.ticket_size_min,
        ticketSizeMax: step.ticket_size_max,
        fundStepCompletedAt: now(),
      }), { thesis: true }),

    /** Step 2's six weights; team, market and problem/solution keep their values. */
    saveScoringWeights: (userId: string, body: ScoringWeightsBody) =>
      save(userId, (row) => ({
        ...weightColumns(withPreferenceWeights(weightsOf(row), preferencesFromWire(body))),
        weightsStepCompletedAt: now(),
      }), { weights: true }),

    /** Percentages (validated to sum to 100) become 1-10 weights by the shared rounding rule. */
    saveScoringPreferences: (userId: string, body: ScoringPreferencesBody) =>
      save(userId, (row) => ({
        ...weightColumns(applyPercentages(weightsOf(row), preferencesFromWire(body))),
        weightsStepCompletedAt: now(),
      }), { weights: true }),

    saveInvestmentWeights: (userId: string, body: InvestmentWeightsBody) =>
      save(userId, () => ({ ...weightColumns(body), weightsStepCompletedAt: now() }), { weights: true }),

    saveIntakeSources: (userId: string, body: IntakeSourcesBody) =>
      save(userId, () => ({
        onlineFormEnabled: body.online_form_enabled,
        emailForwardingEnabled: body.email_forwarding_enabled,
        intakeStepCompletedAt: now(),
      })),

    /** The purge of a deleted fund (the fund-data module, ADR 0070): the fund and all its rows. */
    remove: (fundId: string) => repo.remove(fundId),

    /** Login's and /user/me/'s onboarding_complete for investors. */
    async isOnboarded(userId: string): Promise<boolean> {
      const row = await repo.findByUser(userId);
      return row ? isOnboardingComplete(row) : false;
    },
  };
}
export type FundsService = ReturnType<typeof createFundsService>;
