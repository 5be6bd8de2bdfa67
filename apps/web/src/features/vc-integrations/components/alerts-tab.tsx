import { QueryState } from '@/components/layout/query-state';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { useIntegrationSettings } from '../api/integrations';
import { AlertDeliveries } from './alert-deliveries';
import { AlertsSettingsForm } from './alerts-settings';

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>{title}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

/** Settings' Alerts tab: where the fund's Slack and Teams alerts go, and what was sent. */
export function AlertsTab() {
  const settings = useIntegrationSettings();
  return (
    <div className="space-y-6">
      <Section title="Alerts" description="Send hot matches, warm intros and status changes to a Slack or Microsoft Teams channel. Each alert links to the deal.">
        <QueryState query={settings} label="Loading your alert settings">
          {(data) => <AlertsSettingsForm initial={data} />}
        </QueryState>
      </Section>
      <Section title="Deliveries" description="The last 50 alerts sent, newest first, with what Slack or Teams answered. Failed sends are retried a few times first.">
        <AlertDeliveries />
      </Section>
    </div>
  );
}
