import {
  INTAKE_REQUIRED_MESSAGE,
  IntakeSourcesBodySchema,
  preferencesToWire,
  type FundStep,
  type PreferenceValues,
  type VcFundProfile,
} from '@fitscore/contracts';
import { AlarmClock, BellRing, Building2, Columns3, CreditCard, Database, Inbox, KeyRound, Palette, ScrollText, ShieldCheck, SlidersHorizontal, SlidersVertical, UserRound, Users, Webhook } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-provider';
import { SecurityTab } from '@/features/settings/components/security-tab';
import { useFundSubscription } from '@/features/vc-dashboard/api/billing';
import { BillingSummary } from '@/features/vc-dashboard/components/fund-billing';
import {
  useSaveFundStep,
  useSaveIntakeSources,
  useSaveScoringPreferences,
  useVcProfile,
} from '@/features/vc-fund/api/fund-profile';
import { FundStepForm } from '@/features/vc-fund/components/fund-step-form';
import { IntakeSourcesFields, type IntakeValue } from '@/features/vc-fund/components/intake-sources-fields';
import { ScoringPreferencesForm } from '@/features/vc-fund/components/scoring-preferences-form';
import { TeamTab } from '@/features/vc-team/components/team-tab';
import { useIntakeSettings } from '@/features/vc-intake/api/intake';
import { useApplicantEmails } from '@/features/vc-intake/api/applicant-emails';
import { ApplicantEmailsForm } from '@/features/vc-intake/components/applicant-emails-form';
import { useTeam } from '@/features/vc-team/api/team';
import { IntakeAddresses } from '@/features/vc-intake/components/intake-addresses';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { useFundRole } from '@/app/use-fund-role';
import { IntakeLog } from '@/features/vc-intake/components/intake-log';
import { useOutreachSettings } from '@/features/founder-outreach/api/founder-outreach';
import { UnderReviewSetting } from '@/features/founder-outreach/components/under-review-setting';
import { fundStepValues, intakeOf, investmentWeightsOf, percentagesOfProfile } from '@/features/vc-fund/lib/form-values';
import { AlertsTab } from '@/features/vc-integrations/components/alerts-tab';
import { ApiKeysTab } from '@/features/vc-api-keys/components/api-keys-tab';
import { AuditTab } from '@/features/vc-audit/components/audit-tab';
import { DataTab } from '@/features/vc-fund-data/components/data-tab';
import { BrandingTab } from '@/features/vc-branding/components/branding-tab';
import { SsoTab } from '@/features/vc-sso/components/sso-tab';
import { StagesTab } from '@/features/vc-stages/components/stages-tab';
import { useFundStages } from '@/features/vc-stages/api/stages';
import { DigestCard } from '@/features/vc-follow-ups/components/digest-card';
import { FollowUpRuleTab } from '@/features/vc-follow-ups/components/follow-up-rule-tab';
import { WebhooksTab } from '@/features/vc-webhooks/components/webhooks-tab';
import { errorMessage } from '@/lib/api-client';

const TABS = ['account', 'fund', 'scoring', 'intake', 'stages', 'follow-ups', 'alerts', 'billing', 'team', 'api', 'webhooks', 'sso', 'branding', 'audit', 'data'] as const;
type Tab = (typeof TABS)[number];

const triggerClass =
  'inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm sm:px-4';

function SectionCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>{title}</CardTitle>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

function AccountTab() {
  const { user } = useAuth();
  const emailId = useId();
  return (
    <div className="space-y-6">
      <SectionCard title="Account">
        <div className="max-w-xl space-y-1.5">
          <label htmlFor={emailId} className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <Input id={emailId} type="email" value={user?.email ?? ''} readOnly aria-describedby={`${emailId}-hint`} className="bg-slate-50" />
          <p id={`${emailId}-hint`} className="text-xs text-slate-500">
            Contact support to change your email
          </p>
        </div>
      </SectionCard>
      <DigestCard />
      <SecurityTab />
    </div>
  );
}

function FundTab({ profile }: { profile: VcFundProfile | null }) {
  const save = useSaveFundStep('Failed to save fund profile');
  const toast = useToast();
  const role = useFundRole();
  const onSubmit = async (values: FundStep) => {
    try {
      await save.mutateAsync(values);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to save fund profile'));
      throw err;
    }
    toast.success('Fund profile updated');
  };
  return (
    <SectionCard title="Fund Profile" description="Your investment thesis: incoming deals are matched against it.">
      {role.readOnly ? <AdminOnlyNote admins={role.admins} what="your fund's profile and thesis" /> : null}
      <FundStepForm initial={fundStepValues(profile)} submitLabel="Save Fund Profile" onSubmit={onSubmit} readOnly={role.readOnly} />
    </SectionCard>
  );
}

function ScoringTab({ profile }: { profile: VcFundProfile | null }) {
  const save = useSaveScoringPreferences();
  const toast = useToast();
  const role = useFundRole();
  const onSave = async (values: PreferenceValues) => {
    try {
      await save.mutateAsync(preferencesToWire(values));
      toast.success('Scoring preferences updated');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to save weights'));
    }
  };
  return (
    <SectionCard
      title="Scoring Preferences"
      description="How the six areas below split between them (the six must total 100%), and what each then counts for in a deal’s overall FitScore for your fund."
    >
      {/* Remounts with what the server stored, so the form shows the saved percentages. */}
      {role.readOnly ? <AdminOnlyNote admins={role.admins} what="your fund's scoring preferences" /> : null}
      <ScoringPreferencesForm key={profile?.updatedAt ?? 'new'} initial={percentagesOfProfile(profile)} model={investmentWeightsOf(profile)} onSave={onSave} readOnly={role.readOnly} />
      <div className="mt-6 flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Both screens edit one model of nine weights from 1 to 10: a percentage may move by a point or two when saved, to
          the nearest split the weights can hold, and then stays put. Team, market and problem &amp; solution are set on
          Investment Weights.
        </p>
        <Button asChild variant="secondary" size="sm" className="self-start sm:self-auto">
          <Link to={paths.vc.weights}>
            <SlidersVertical className="h-4 w-4" aria-hidden="true" />
            Investment Weights
          </Link>
        </Button>
      </div>
    </SectionCard>
  );
}

function IntakeTab({ profile }: { profile: VcFundProfile | null }) {
  const save = useSaveIntakeSources('Failed to save intake sources');
  const role = useFundRole();
  const toast = useToast();
  const [value, setValue] = useState<IntakeValue>(() => intakeOf(profile));
  const [error, setError] = useState<string | undefined>();

  const onSave = async () => {
    const body = { online_form_enabled: value.onlineForm, email_forwarding_enabled: value.emailForwarding };
    if (!IntakeSourcesBodySchema.safeParse(body).success) {
      setError(INTAKE_REQUIRED_MESSAGE);
      return;
    }
    try {
      const saved = await save.mutateAsync(body);
      if (saved.profile) setValue(saved.profile.intakeSources);
      toast.success('Intake sources updated');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to save intake sources'));
    }
  };

  return (
    <SectionCard title="Intake Sources" description="How deals reach your pipeline.">
      <div className="space-y-6">
        {role.readOnly ? <AdminOnlyNote admins={role.admins} what="your fund's intake sources" /> : null}
        <fieldset disabled={role.readOnly} className="disabled:opacity-60">
          <legend className="sr-only">Intake sources</legend>
          <IntakeSourcesFields
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(undefined);
            }}
            error={error}
          />
        </fieldset>
        {role.readOnly ? null : (
          <div className="flex justify-end border-t border-slate-200 pt-5">
            <Button onClick={() => void onSave()} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        )}
      </div>
    </SectionCard>
  );
}

/** The addresses of each channel and the log of what arrived through them. */
function IntakeChannelsCards() {
  const settings = useIntakeSettings();
  const role = useFundRole();
  return (
    <>
      <SectionCard title="Your intake addresses" description="Where founders and your other systems send decks. Each one feeds the same pipeline.">
        <QueryState query={settings} label="Loading your intake addresses">
          {(data) => <IntakeAddresses settings={data} readOnly={role.readOnly} admins={role.admins} />}
        </QueryState>
      </SectionCard>
      <SectionCard title="Intake log" description="The last 100 items received on any channel, and what became of each.">
        <IntakeLog dealPath={paths.vc.deal} />
      </SectionCard>
      <ApplicantEmailsCard />
      <FounderStatusCard />
    </>
  );
}

/** What founders see of their deal while the fund looks at it (their 'Where your deck went'). */
function FounderStatusCard() {
  const settings = useOutreachSettings();
  const role = useFundRole();
  return (
    <SectionCard title="What founders see" description="Founders follow each deck they sent you on ‘Where your deck went’.">
      <QueryState query={settings} label="Loading what founders see">
        {(data) => <UnderReviewSetting showUnderReview={data.showUnderReview} readOnly={role.readOnly} admins={role.admins} />}
      </QueryState>
    </SectionCard>
  );
}

/** The receipt and decline emails applicants by form and email receive: admins edit, members read. */
function ApplicantEmailsCard() {
  const { user } = useAuth();
  const emails = useApplicantEmails();
  const team = useTeam();
  const me = team.data?.members.find((m) => m.id === user?.id);
  const admins = team.data?.members.filter((m) => m.role === 'admin').map((m) => m.name || m.email) ?? [];
  return (
    <SectionCard
      title="Emails to applicants"
      description="Founders who apply by form or email get a receipt with their reference, and when you move their deal to Cold, the reasons you picked. Never your internal note."
    >
      <QueryState query={emails} label="Loading your applicant emails">
        {(data) => <ApplicantEmailsForm key={data.updatedAt ?? 'built-in'} settings={data} canEdit={me?.role === 'admin'} admins={admins} />}
      </QueryState>
    </SectionCard>
  );
}

/** Payment & Billing: the fund's plan; changes and invoices on /vc/billing. */
function BillingTab() {
  const subscription = useFundSubscription();
  const role = useFundRole();
  return (
    <QueryState query={subscription} label="Loading your plan">
      {(data) => <BillingSummary subscription={data} admins={role.admins} />}
    </QueryState>
  );
}

/** Team: the fund's members and invites; seats follow the plan. */
function TeamSection() {
  const { user } = useAuth();
  const subscription = useFundSubscription();
  return <TeamTab myId={user?.id} plan={subscription.data?.plan} />;
}

/** A tab only the fund's admins change: members see it read-only, with who can change it. */
function AdminTab({ of: Tab }: { of: ComponentType<{ readOnly: boolean; admins: string[] }> }) {
  const role = useFundRole();
  return <Tab readOnly={role.readOnly} admins={role.admins} />;
}

/** Settings → Follow-ups: the fund's no-touch rule over its own stages (admins change it). */
function FollowUpRuleSection() {
  const role = useFundRole();
  const stages = useFundStages();
  return <FollowUpRuleTab readOnly={role.readOnly} admins={role.admins} stages={stages} />;
}

/** Settings → Audit log: admins on Enterprise read and export it; members see who can. */
function AuditSection() {
  const role = useFundRole();
  const subscription = useFundSubscription();
  const plan = subscription.data?.plan;
  return <AuditTab readOnly={role.readOnly} admins={role.admins} enterprise={plan === undefined ? undefined : plan === 'enterprise'} />;
}

/** Settings → Data: admins on Enterprise export everything and delete the fund; members see who can. */
function DataSection() {
  const role = useFundRole();
  const plan = useFundSubscription().data?.plan;
  const fundName = useVcProfile().data?.profile?.fundName ?? '';
  return <DataTab readOnly={role.readOnly} admins={role.admins} enterprise={plan === undefined ? undefined : plan === 'enterprise'} fundName={fundName} />;
}

/** Investor settings. The open tab lives in the URL (?tab=scoring) so it can be linked to. */
export default function VcSettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'account';
  const profile = useVcProfile();

  const onTabChange = (value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'account') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container className="max-w-5xl">
      <PageHeader title="Settings" subtitle="Your account, your fund and how deals are scored." />
      <Tabs.Root value={tab} onValueChange={onTabChange}>
        {/* Fourteen tabs: rows of two on a phone, wrapping on wider screens, so none hides off screen. */}
        <div className="mb-6">
          <Tabs.List aria-label="Settings sections" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:flex-wrap">
            <Tabs.Trigger value="account" className={triggerClass}>
              <UserRound className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Account
            </Tabs.Trigger>
            <Tabs.Trigger value="fund" className={triggerClass}>
              <Building2 className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Fund Profile
            </Tabs.Trigger>
            <Tabs.Trigger value="scoring" className={triggerClass}>
              <SlidersHorizontal className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Scoring Preferences
            </Tabs.Trigger>
            <Tabs.Trigger value="intake" className={triggerClass}>
              <Inbox className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Intake Sources
            </Tabs.Trigger>
            <Tabs.Trigger value="alerts" className={triggerClass}>
              <BellRing className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Alerts
            </Tabs.Trigger>
            <Tabs.Trigger value="billing" className={triggerClass}>
              <CreditCard className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Payment &amp; Billing
            </Tabs.Trigger>
            <Tabs.Trigger value="team" className={triggerClass}>
              <Users className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Team
            </Tabs.Trigger>
            <Tabs.Trigger value="api" className={triggerClass}>
              <KeyRound className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              API
            </Tabs.Trigger>
            <Tabs.Trigger value="webhooks" className={triggerClass}>
              <Webhook className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Webhooks
            </Tabs.Trigger>
            <Tabs.Trigger value="branding" className={triggerClass}>
              <Palette className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Branding
            </Tabs.Trigger>
            <Tabs.Trigger value="sso" className={triggerClass}>
              <ShieldCheck className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Single sign-on
            </Tabs.Trigger>
            <Tabs.Trigger value="stages" className={triggerClass}>
              <Columns3 className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Stages
            </Tabs.Trigger>
            <Tabs.Trigger value="follow-ups" className={triggerClass}>
              <AlarmClock className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Follow-ups
            </Tabs.Trigger>
            <Tabs.Trigger value="audit" className={triggerClass}>
              <ScrollText className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Audit log
            </Tabs.Trigger>
            <Tabs.Trigger value="data" className={triggerClass}>
              <Database className="hidden h-4 w-4 sm:block" aria-hidden="true" />
              Data
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        <Tabs.Content value="account" className="focus-visible:outline-none">
          <AccountTab />
        </Tabs.Content>
        <Tabs.Content value="billing" className="focus-visible:outline-none">
          <BillingTab />
        </Tabs.Content>
        <Tabs.Content value="alerts" className="focus-visible:outline-none">
          <AdminTab of={AlertsTab} />
        </Tabs.Content>
        <Tabs.Content value="team" className="focus-visible:outline-none">
          <TeamSection />
        </Tabs.Content>
        <Tabs.Content value="api" className="focus-visible:outline-none">
          <AdminTab of={ApiKeysTab} />
        </Tabs.Content>
        <Tabs.Content value="audit" className="focus-visible:outline-none">
          <AuditSection />
        </Tabs.Content>
        <Tabs.Content value="data" className="focus-visible:outline-none">
          <DataSection />
        </Tabs.Content>
        <Tabs.Content value="webhooks" className="focus-visible:outline-none">
          <AdminTab of={WebhooksTab} />
        </Tabs.Content>
        <Tabs.Content value="branding" className="focus-visible:outline-none">
          <AdminTab of={BrandingTab} />
        </Tabs.Content>
        <Tabs.Content value="sso" className="focus-visible:outline-none">
          <AdminTab of={SsoTab} />
        </Tabs.Content>
        <Tabs.Content value="stages" className="focus-visible:outline-none">
          <AdminTab of={StagesTab} />
        </Tabs.Content>
        <Tabs.Content value="follow-ups" className="focus-visible:outline-none">
          <FollowUpRuleSection />
        </Tabs.Content>
        {(['fund', 'scoring', 'intake'] as const).map((name) => (
          <Tabs.Content key={name} value={name} className="focus-visible:outline-none">
            <QueryState query={profile} label="Loading your fund">
              {({ profile: p }) =>
                name === 'fund' ? (
                  <FundTab profile={p} />
                ) : name === 'scoring' ? (
                  <ScoringTab profile={p} />
                ) : (
                  <div className="space-y-6">
                    <IntakeTab profile={p} />
                    <IntakeChannelsCards />
                  </div>
                )
              }
            </QueryState>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Container>
  );
}
