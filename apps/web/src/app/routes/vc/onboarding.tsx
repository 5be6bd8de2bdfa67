import {
  INTAKE_REQUIRED_MESSAGE,
  IntakeSourcesBodySchema,
  preferencesToWire,
  type FundStep,
  type PreferenceValues,
  type VcFundProfile,
} from '@fitscore/contracts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSaveFundStep, useSaveIntakeSources, useSaveScoringWeights, useVcProfile } from '@/features/vc-fund/api/fund-profile';
import { FundStepForm } from '@/features/vc-fund/components/fund-step-form';
import { IntakeSourcesFields, type IntakeValue } from '@/features/vc-fund/components/intake-sources-fields';
import { useIntakeSettings } from '@/features/vc-intake/api/intake';
import { IntakeQuickAddresses } from '@/features/vc-intake/components/intake-addresses';
import { SixWeightsEditor } from '@/features/vc-fund/components/six-weights-editor';
import { StepIndicator } from '@/features/vc-fund/components/step-indicator';
import { fundStepValues, intakeOf, investmentWeightsOf, sixWeightsOf } from '@/features/vc-fund/lib/form-values';
import { errorMessage } from '@/lib/api-client';

const STEPS = ['Fund & Investment Preferences', 'Scoring Weights', 'Deal Intake Sources'] as const;
const INTRO = [
  'Tell us what you invest in. Incoming deals are matched against this thesis.',
  'How much each area counts in a deal’s FitScore for your fund. Beside each: its share of these six, and of a deal’s overall score.',
  'Choose how deals reach your pipeline. You can change this any time in Settings.',
] as const;
const FALLBACK = 'Failed to complete onboarding';

/** The first step not saved yet, so a returning investor picks up where they left off. */
function firstOpenStep(profile: VcFundProfile | null): number {
  if (!profile?.steps.fund) return 0;
  if (!profile.steps.weights) return 1;
  if (!profile.steps.intake) return 2;
  return 0;
}

function Previous({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Previous
    </Button>
  );
}

function Onboarding({ profile }: { profile: VcFundProfile | null }) {
  const [step, setStep] = useState(() => firstOpenStep(profile));
  // Each step keeps its draft while the investor moves back and forth; Next saves it.
  const [weights, setWeights] = useState<PreferenceValues>(() => sixWeightsOf(profile));
  const [intake, setIntake] = useState<IntakeValue>(() => intakeOf(profile));
  const [intakeError, setIntakeError] = useState<string | undefined>();
  const saveFund = useSaveFundStep();
  const saveWeights = useSaveScoringWeights();
  const saveIntake = useSaveIntakeSources();
  const toast = useToast();
  const navigate = useNavigate();

  const go = (next: number) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const submitFund = async (values: FundStep) => {
    try {
      await saveFund.mutateAsync(values);
    } catch (err) {
      toast.error(errorMessage(err, FALLBACK));
      throw err;
    }
    go(1);
  };

  const submitWeights = async () => {
    try {
      await saveWeights.mutateAsync(preferencesToWire(weights));
      go(2);
    } catch (err) {
      toast.error(errorMessage(err, FALLBACK));
    }
  };

  const finish = async () => {
    const body = { online_form_enabled: intake.onlineForm, email_forwarding_enabled: intake.emailForwarding };
    if (!IntakeSourcesBodySchema.safeParse(body).success) {
      setIntakeError(INTAKE_REQUIRED_MESSAGE);
      return;
    }
    try {
      const result = await saveIntake.mutateAsync(body);
      if (!result.onboardingComplete) {
        // The server decides: an earlier step is missing (e.g. saved from another tab and undone).
        toast.error('Please complete every step to finish onboarding');
        go(firstOpenStep(result.profile));
        return;
      }
      toast.success('Your fund is set up');
      navigate(paths.vc.dashboard);
    } catch (err) {
      if (err instanceof Error && err.message === INTAKE_REQUIRED_MESSAGE) setIntakeError(err.message);
      toast.error(errorMessage(err, FALLBACK));
    }
  };

  return (
    <>
      <StepIndicator steps={STEPS} current={step} />
      <Card>
        <CardBody className="sm:p-8">
          <h2 className="text-xl font-bold text-slate-900">{STEPS[step]}</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600">{INTRO[step]}</p>

          <div hidden={step !== 0}>
            <FundStepForm initial={fundStepValues(profile)} submitLabel="Next" onSubmit={submitFund} />
          </div>

          {step === 1 ? (
            <div className="space-y-6">
              <SixWeightsEditor value={weights} model={investmentWeightsOf(profile)} onChange={setWeights} />
              <p className="text-xs text-slate-500">
                Team, market and problem &amp; solution count too; you can tune all nine in Settings → Investment Weights.
              </p>
              <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
                <Previous onClick={() => go(0)} />
                <Button onClick={() => void submitWeights()} disabled={saveWeights.isPending} className="sm:min-w-32">
                  {saveWeights.isPending ? 'Saving...' : 'Next'}
                </Button>
              </div>
            </div>
          ) : null}

          {step === 2 ? (
            <div className="space-y-6">
              <IntakeSourcesFields
                value={intake}
                onChange={(v) => {
                  setIntake(v);
                  setIntakeError(undefined);
                }}
                error={intakeError}
              />
              <OnboardingAddresses />
              <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
                <Previous onClick={() => go(1)} />
                <Button onClick={() => void finish()} disabled={saveIntake.isPending} className="sm:min-w-32">
                  {saveIntake.isPending ? 'Saving...' : 'Complete Setup'}
                </Button>
              </div>
            </div>
          ) : null}
        </CardBody>
      </Card>
    </>
  );
}

/** The fund exists once step 1 is saved: its apply URL and forwarding address are real from then on. */
function OnboardingAddresses() {
  const settings = useIntakeSettings();
  if (!settings.data) return null;
  return <IntakeQuickAddresses settings={settings.data} settingsTo={`${paths.vc.settings}?tab=intake`} />;
}

export default function VcOnboardingPage() {
  const profile = useVcProfile();
  return (
    <Container className="max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Set up your fund</h1>
        <p className="mt-1 text-slate-600">Three short steps, saved as you go.</p>
      </header>
      <QueryState query={profile} label="Loading your fund">
        {(data) => <Onboarding profile={data.profile} />}
      </QueryState>
    </Container>
  );
}
