import { Globe, Mail } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export interface IntakeValue {
  onlineForm: boolean;
  emailForwarding: boolean;
}

function SourceToggle({ icon, title, badge, checked, onChange, children }: { icon: ReactNode; title: string; badge?: ReactNode; checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex gap-4 rounded-xl border p-4 transition-colors', checked ? 'border-brand-300 bg-brand-50/40' : 'border-slate-200 bg-white')}>
      <span className="mt-0.5 hidden self-start rounded-lg bg-white p-2 text-brand-700 ring-1 ring-slate-200 sm:block" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="text-sm font-semibold text-slate-900">
            {title}
          </label>
          {badge}
        </div>
        <div id={`${id}-text`} className="mt-1 space-y-1 text-sm text-slate-600">
          {children}
        </div>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-text`}
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </div>
  );
}

/** The two deal intake switches; the addresses themselves are shown by the intake feature. */
export function IntakeSourcesFields({ value, onChange, error }: { value: IntakeValue; onChange: (v: IntakeValue) => void; error?: string | undefined }) {
  return (
    <div className="space-y-3">
      <SourceToggle
        icon={<Globe className="h-5 w-5" />}
        title="Online Form"
        badge={<Badge tone="green">Recommended</Badge>}
        checked={value.onlineForm}
        onChange={(onlineForm) => onChange({ ...value, onlineForm })}
      >
        <p>Founders apply through your fund&apos;s public apply page: company details and a deck, no account needed.</p>
      </SourceToggle>
      <SourceToggle
        icon={<Mail className="h-5 w-5" />}
        title="Email Forwarding"
        checked={value.emailForwarding}
        onChange={(emailForwarding) => onChange({ ...value, emailForwarding })}
      >
        <p>Forward pitch emails to your fund&apos;s intake address; mail whose subject contains &lsquo;Pitch Deck&rsquo; or &lsquo;Investment Deck&rsquo; becomes a deal.</p>
      </SourceToggle>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
