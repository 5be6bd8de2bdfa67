import { PartyPopper } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-provider';
import { useProgress } from '@/features/founder-progress/api/use-progress';
import { OnboardingChecklist } from '@/features/founder-progress/components/onboarding-checklist';
import { QueryState } from '@/components/layout/query-state';

export default function FounderHomePage() {
  const { user } = useAuth();
  const progress = useProgress();
  return (
    <Container className="max-w-3xl">
      <QueryState query={progress} label="Loading your progress">
        {(p) => {
          // Nothing saved yet: the first step is the only place to go.
          if (!p.profile_complete) return <Navigate to={paths.founder.profile} replace />;
          const allDone = p.profile_complete && p.deck_uploaded && p.score_complete;
          return (
            <>
              <PageHeader title={`Welcome${user?.name ? `, ${user.name.split(' ')[0]}` : ''}`} subtitle="Three steps to your FitScore." />
              {allDone ? (
                <Card className="mb-6 border-emerald-200 bg-emerald-50">
                  <CardBody className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="flex items-center gap-3">
                      <PartyPopper className="h-6 w-6 text-emerald-700" aria-hidden="true" />
                      <div>
                        <h2 className="font-semibold text-emerald-900">Your FitScore is Ready!</h2>
                        <p className="text-sm text-emerald-800">You scored {p.score}/100. See what drives it and what to do next.</p>
                      </div>
                    </div>
                    <Button asChild variant="success">
                      <Link to={paths.founder.dashboard}>View Dashboard</Link>
                    </Button>
                  </CardBody>
                </Card>
              ) : null}
              <OnboardingChecklist progress={p} />
            </>
          );
        }}
      </QueryState>
    </Container>
  );
}
