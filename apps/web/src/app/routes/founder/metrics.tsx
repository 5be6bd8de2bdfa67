import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMetrics } from '@/features/metrics/api/metrics';
import { CompanyMetricsForm } from '@/features/metrics/components/company-metrics-form';
import { MetricHistoryTable } from '@/features/metrics/components/metric-history-table';
import { ApiError } from '@/lib/api-client';

export default function FounderMetricsPage() {
  const metrics = useMetrics();
  const needsProfile = metrics.error instanceof ApiError && metrics.error.code === 'conflict';
  return (
    <Container className="max-w-4xl">
      <PageHeader title="Company Metrics" subtitle="Keep your numbers current: your next score and your charts use them." />
      {needsProfile ? (
        <Card>
          <CardBody className="flex flex-col items-start gap-3">
            <p className="text-slate-700">Please complete your profile first. Your metrics are part of it.</p>
            <Button asChild>
              <Link to={paths.founder.profile}>Complete company details</Link>
            </Button>
          </CardBody>
        </Card>
      ) : (
        <QueryState query={metrics} label="Loading your metrics">
          {(data) => (
            <div className="space-y-6">
              <CompanyMetricsForm initial={data.current} />
              <Card>
                <CardHeader>
                  <CardTitle>History</CardTitle>
                </CardHeader>
                <CardBody>
                  {data.history_locked ? (
                    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
                      <p className="flex items-center gap-2 text-sm text-slate-700">
                        <Lock className="h-4 w-4" aria-hidden="true" />
                        Your updates are recorded. Seeing them over time is part of the Premium financial dashboard.
                      </p>
                      <Button asChild size="sm">
                        <Link to={`${paths.founder.settings}?tab=subscription`}>Upgrade to Premium</Link>
                      </Button>
                    </div>
                  ) : (
                    <MetricHistoryTable history={data.history ?? []} />
                  )}
                </CardBody>
              </Card>
            </div>
          )}
        </QueryState>
      )}
    </Container>
  );
}
