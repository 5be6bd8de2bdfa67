import { ArrowRight, Bell, Inbox, KanbanSquare, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useVcProfile } from '@/features/vc-fund/api/fund-profile';
import { FundSummaryCard } from '@/features/vc-fund/components/fund-summary-card';

function EmptyCard({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardBody className="flex flex-1 flex-col items-start gap-4">
        <div className="flex items-start gap-3">
          <span className="rounded-xl bg-slate-100 p-2 text-slate-500" aria-hidden="true">
            {icon}
          </span>
          <p className="text-sm text-slate-600">{text}</p>
        </div>
        {children ? <div className="mt-auto">{children}</div> : null}
      </CardBody>
    </Card>
  );
}

/** What is true today: the fund's thesis, and empty deal cards until deal intake and scoring exist. */
export default function VcDashboardPage() {
  const query = useVcProfile();
  return (
    <Container>
      <PageHeader title="Dashboard" subtitle="Overview of your latest activity" />
      <QueryState query={query} label="Loading your dashboard">
        {({ profile, onboardingComplete }) => (
          <div className="space-y-6">
            {!onboardingComplete ? (
              <Card className="border-brand-200 bg-brand-50">
                <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex items-start gap-3">
                    <Rocket className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                    <div>
                      <h2 className="font-semibold text-slate-900">Finish setting up your fund</h2>
                      <p className="text-sm text-slate-700">Your thesis, scoring weights and deal intake sources: three short steps.</p>
                    </div>
                  </div>
                  <Button asChild>
                    <Link to={paths.vc.onboarding}>Continue setup</Link>
                  </Button>
                </CardBody>
              </Card>
            ) : null}
            {profile ? (
              <FundSummaryCard profile={profile} editTo={`${paths.vc.settings}?tab=fund`} weightsTo={paths.vc.weights} />
            ) : null}
            <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
              <EmptyCard icon={<Inbox className="h-5 w-5" />} title="Latest Scored Startup" text="No scored startups yet. Connect Email/Webhook or share your form link." />
              <EmptyCard icon={<Bell className="h-5 w-5" />} title="Notifications" text="No notifications yet. New matches and intro requests will appear here." />
              <EmptyCard icon={<KanbanSquare className="h-5 w-5" />} title="Deal Pipeline" text="Review and triage incoming deals as Hot, Track or Cold.">
                <Button asChild variant="secondary">
                  <Link to={paths.vc.pipeline}>
                    Go to Pipeline
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </Link>
                </Button>
              </EmptyCard>
            </div>
          </div>
        )}
      </QueryState>
    </Container>
  );
}
