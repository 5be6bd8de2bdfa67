import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ScoreRing } from '@/features/fitscore/components/score-ring';
import { useProgress } from '@/features/founder-progress/api/use-progress';
import { useScoringRun, useStartScoring } from '@/features/scoring/api/scoring';
import { ScoringComplete, ScoringFailed, ScoringIntro, ScoringProgress } from '@/features/scoring/components/scoring-views';
import { ApiError } from '@/lib/api-client';

const REDIRECT_AFTER_MS = 2000;

function FollowRun({ runId, onRetry }: { runId: string; onRetry: () => void }) {
  const run = useScoringRun(runId);
  const navigate = useNavigate();
  const toast = useToast();
  const announced = useRef(false);
  const status = run.data?.run.status;

  useEffect(() => {
    if (status !== 'done' || announced.current) return;
    announced.current = true;
    toast.success('Scoring complete! Your FitScore is ready.');
    const timer = setTimeout(() => navigate(paths.founder.dashboard), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, navigate, toast]);

  if (!run.data) return <ScoringProgress run={{ stage: 'queued', progress: 0 }} />;
  const current = run.data.run;
  if (current.status === 'failed') return <ScoringFailed reason={current.error} action={<Button onClick={onRetry}>Try again</Button>} />;
  if (current.status === 'done' && current.score !== null) {
    return (
      <ScoringComplete
        score={current.score}
        ring={<ScoreRing score={current.score} />}
        actions={
          <Button asChild size="lg">
            <Link to={paths.founder.dashboard}>View Your Results</Link>
          </Button>
        }
      />
    );
  }
  return <ScoringProgress run={current} />;
}

export default function FounderScoringPage() {
  const progress = useProgress();
  const start = useStartScoring();
  const toast = useToast();
  const [runId, setRunId] = useState<string | null>(null);
  const [rescoring, setRescoring] = useState(false);

  const calculate = async () => {
    try {
      const { run } = await start.mutateAsync();
      setRunId(run.id);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Scoring failed. Please try again.');
    }
  };

  const calculateButton = (
    <Button size="lg" onClick={() => void calculate()} disabled={start.isPending}>
      {start.isPending ? 'Starting...' : 'Calculate My FitScore'}
    </Button>
  );

  return (
    <Container className="max-w-3xl">
      <QueryState query={progress} label="Loading">
        {(p) => {
          if (!p.profile_complete) return <Navigate to={paths.founder.profile} replace />;
          if (!p.deck_uploaded && !runId) return <Navigate to={paths.founder.upload} replace />;
          const active = p.active_run && (p.active_run.status === 'queued' || p.active_run.status === 'running') ? p.active_run.id : null;
          const following = runId ?? active;
          if (following) {
            return (
              <FollowRun
                key={following}
                runId={following}
                onRetry={() => {
                  setRunId(null);
                  setRescoring(true);
                }}
              />
            );
          }
          // Already scored: the result is shown straight away, with the option to score again.
          if (p.score_complete && p.score !== null && !rescoring) {
            return (
              <ScoringComplete
                score={p.score}
                ring={<ScoreRing score={p.score} />}
                actions={
                  <>
                    <Button asChild size="lg">
                      <Link to={paths.founder.dashboard}>View Your Results</Link>
                    </Button>
                    <Button variant="secondary" size="lg" onClick={() => setRescoring(true)}>
                      Score again
                    </Button>
                  </>
                }
              />
            );
          }
          return <ScoringIntro action={calculateButton} />;
        }}
      </QueryState>
    </Container>
  );
}
