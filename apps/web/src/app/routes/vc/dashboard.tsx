import { Rocket, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useVcProfile } from '@/features/vc-fund/api/fund-profile';
import { LatestDealCard } from '@/features/vc-dashboard/components/latest-deal-card';
import { NotificationsBell, NotificationsCard } from '@/features/vc-dashboard/components/notifications';
import { PipelineCard } from '@/features/vc-dashboard/components/pipeline-card';
import { RecentDealsCard } from '@/features/vc-dashboard/components/recent-deals-card';
import { UploadDealDialog } from '@/features/vc-dashboard/components/upload-deal-dialog';
import { FollowUpsDueCard, useDueForBell } from '@/features/vc-follow-ups/components/due-follow-ups';
import { FundSummaryCard } from '@/features/vc-fund/components/fund-summary-card';

/** The investor's day at a glance: upload and score a deck, the latest scored startup, notifications, the pipeline. */
export default function VcDashboardPage() {
  const query = useVcProfile();
  const [uploading, setUploading] = useState(false);
  const dueForBell = useDueForBell();
  return (
    <Container>
      <PageHeader
        title="Dashboard"
        subtitle="Overview of your latest activity"
        actions={
          <>
            <NotificationsBell extra={dueForBell} />
            <Button onClick={() => setUploading(true)}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Upload Deck &amp; Score
            </Button>
          </>
        }
      />
      <UploadDealDialog open={uploading} onOpenChange={setUploading} />
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
            <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
              <LatestDealCard />
              <NotificationsCard />
              <PipelineCard className="md:col-span-2 xl:col-span-1" />
            </div>
            <FollowUpsDueCard />
            <RecentDealsCard />
            {profile ? (
              <FundSummaryCard profile={profile} editTo={`${paths.vc.settings}?tab=fund`} weightsTo={paths.vc.weights} />
            ) : null}
          </div>
        )}
      </QueryState>
    </Container>
  );
}
