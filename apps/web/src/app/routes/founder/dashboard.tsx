import { PLANS, type FitScoreResult, type FounderProgress } from '@fitscore/contracts';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useNewUpload } from '@/features/deck-upload/api/deck';
import { CompareVersionsCard } from '@/features/deck-versions/components/compare-versions';
import { InvestorBriefCard } from '@/features/deck-versions/components/investor-brief-card';
import { ReadabilityCard } from '@/features/deck-versions/components/readability-card';
import { FitScoreReport } from '@/features/fitscore/components/fitscore-report';
import { SimilarCompaniesCard } from '@/features/companies/components/similar-companies-card';
import { InvestorMatchesCard } from '@/features/investor-matches/components/investor-matches-card';
import { useProfile } from '@/features/founder-profile/api/profile';
import { useProgress } from '@/features/founder-progress/api/use-progress';
import { OnboardingChecklist } from '@/features/founder-progress/components/onboarding-checklist';
import { KeyMetricsCard } from '@/features/metrics/components/key-metrics-card';
import { DownloadReportButton } from '@/features/report/components/download-report-button';
import { useLatestScore, useRubric } from '@/features/scoring/api/scoring';
import { useSubscription } from '@/features/settings/api/subscription';
import { ShareButton } from '@/features/share/components/share-button';
import { errorMessage } from '@/lib/api-client';

function NewUploadButton() {
  const [confirming, setConfirming] = useState(false);
  const reset = useNewUpload();
  const toast = useToast();
  const navigate = useNavigate();
  const confirm = async () => {
    try {
      await reset.mutateAsync();
      navigate(paths.founder.upload);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to remove previous deck'));
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        New Upload
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Start over with a new deck?"
        description="Your current deck and score leave the dashboard. Earlier versions stay in your history."
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={reset.isPending}>
            {reset.isPending ? 'Clearing...' : 'New Upload'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function Contradictions({ result }: { result: FitScoreResult }) {
  const list = result.analysis.contradictions;
  if (list.length === 0) return null;
  return (
    <Card className="border-amber-200 bg-amber-50">
      <CardBody className="flex gap-3">
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-amber-900">Your deck and profile disagree</h2>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-900">
            {list.map((c, i) => (
              <li key={i}>{c.message}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-amber-800">Investors notice. Align the numbers, then score again.</p>
        </div>
      </CardBody>
    </Card>
  );
}

function ScoredDashboard({ result }: { result: FitScoreResult }) {
  const rubric = useRubric();
  const profile = useProfile();
  const company = profile.data?.profile?.startup_name;
  // Premium data is asked for only on a plan that includes it; otherwise the upgrade prompt shows at once.
  // Should the plan not load, the server decides (and answers plan_limit on the free plan).
  const subscription = useSubscription();
  const similarCompaniesAvailable = subscription.data
    ? PLANS[subscription.data.plan].features.includes('similar_companies')
    : subscription.isError || undefined;
  const investorMatchesAvailable = subscription.data
    ? PLANS[subscription.data.plan].features.includes('investor_matches')
    : subscription.isError || undefined;
  return (
    <>
      <PageHeader
        title={company ? `${company}: your FitScore` : 'Your FitScore'}
        subtitle="Your FitScore, what it rests on, and what to do next."
        actions={
          <>
            <DownloadReportButton />
            <ShareButton />
            <NewUploadButton />
          </>
        }
      />
      <InvestorBriefCard />
      <FitScoreReport
        result={result}
        rubric={rubric.data}
        notice={<Contradictions result={result} />}
        metrics={<KeyMetricsCard />}
        aside={<SimilarCompaniesCard available={similarCompaniesAvailable} />}
      />
      <ReadabilityCard result={result} />
      <CompareVersionsCard />
      <InvestorMatchesCard available={investorMatchesAvailable} className="mt-6" />
    </>
  );
}

function Checklist({ progress }: { progress: FounderProgress }) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Your FitScore dashboard" subtitle="Finish these steps and your score appears here." />
      <OnboardingChecklist progress={progress} />
    </div>
  );
}

export default function FounderDashboardPage() {
  const progress = useProgress();
  const score = useLatestScore();
  return (
    <Container>
      <QueryState query={progress} label="Loading your dashboard">
        {(p) =>
          p.profile_complete && p.deck_uploaded && p.score_complete ? (
            <QueryState query={score} label="Loading your FitScore">
              {(s) => (s.score ? <ScoredDashboard result={s.score} /> : <Checklist progress={p} />)}
            </QueryState>
          ) : (
            <Checklist progress={p} />
          )
        }
      </QueryState>
    </Container>
  );
}
