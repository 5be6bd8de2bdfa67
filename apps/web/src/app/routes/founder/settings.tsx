import { CreditCard, ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { Container, PageHeader } from '@/components/layout/page';
import { SecurityTab } from '@/features/settings/components/security-tab';
import { SubscriptionTab } from '@/features/settings/components/subscription-tab';

const TABS = ['security', 'subscription'] as const;
type Tab = (typeof TABS)[number];

const triggerClass =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm sm:flex-none';

/** Founder settings: account security and the plan. The open tab lives in the URL (?tab=subscription) so it can be linked to. */
export default function FounderSettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'security';

  const onTabChange = (value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'security') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container>
      <PageHeader title="Settings" subtitle="Manage your account security and your plan." />
      <Tabs.Root value={tab} onValueChange={onTabChange}>
        <Tabs.List aria-label="Settings sections" className="mb-6 flex w-full gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto">
          <Tabs.Trigger value="security" className={triggerClass}>
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            Security
          </Tabs.Trigger>
          <Tabs.Trigger value="subscription" className={triggerClass}>
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            Subscription
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="security" className="focus-visible:outline-none">
          <SecurityTab />
        </Tabs.Content>
        <Tabs.Content value="subscription" className="focus-visible:outline-none">
          <SubscriptionTab />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
