import { ALERTS_PRO_REQUIRED } from '@fitscore/contracts';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { UpgradePrompt as PlanUpgradePrompt } from '@/components/ui/upgrade-prompt';
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

/** Shown instead of the form when the fund's trial is used up and it is not on Pro (the server refuses too). */
function UpgradePrompt() {
  return (
    <PlanUpgradePrompt
      title="Slack/Teams integration is a Pro feature"
      text={ALERTS_PRO_REQUIRED}
      action="Upgrade to Pro"
      to="/vc/billing"
      label="Upgrade to Pro for alerts"
    />
  );
}

/**
 * Settings' Alerts tab: where the fund's Slack and Teams alerts go, and what was sent. `readOnly`:
 * a member's view (only admins change the alerts): the settings, no Save or Send test.
 */
export function AlertsTab({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  const settings = useIntegrationSettings();
  return (
    <div className="space-y-6">
      <Section title="Alerts" description="Send hot matches, warm intros and status changes to a Slack or Microsoft Teams channel. Each alert links to the deal.">
        {readOnly ? <AdminOnlyNote admins={admins} what="your fund's Slack and Teams alerts" /> : null}
        <QueryState query={settings} label="Loading your alert settings">
          {(data) => (data.alertsAllowed ? <AlertsSettingsForm initial={data} readOnly={readOnly} /> : <UpgradePrompt />)}
        </QueryState>
      </Section>
      <Section title="Deliveries" description="The last 50 alerts sent, newest first, with what Slack or Teams answered. Failed sends are retried a few times first.">
        <AlertDeliveries allowed={settings.data?.alertsAllowed ?? true} />
      </Section>
    </div>
  );
}
