import type { UserType } from '@fitscore/contracts';
import { Briefcase, Rocket } from 'lucide-react';
import { cn } from '@/lib/cn';

const ROLES: { value: UserType; title: string; text: string; icon: typeof Rocket }[] = [
  {
    value: 'founder',
    title: 'Founder',
    text: 'Score your deck, see what investors will ask, and find the funds that fit.',
    icon: Rocket,
  },
  {
    value: 'vc',
    title: 'Investor (VC)',
    text: 'Receive, score and triage deals against your own thesis, with your team.',
    icon: Briefcase,
  },
];

export function RoleChooser({ value, onChoose }: { value?: UserType | null; onChoose: (role: UserType) => void }) {
  return (
    <div role="group" aria-label="Account type" className="grid gap-3 sm:grid-cols-2">
      {ROLES.map(({ value: role, title, text, icon: Icon }) => (
        <button
          key={role}
          type="button"
          onClick={() => onChoose(role)}
          aria-pressed={value === role}
          className={cn(
            'flex flex-col items-start gap-2 rounded-xl border-2 bg-white p-5 text-left transition hover:border-brand-400 hover:shadow-md',
            value === role ? 'border-brand-600' : 'border-slate-200',
          )}
        >
          <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <span className="font-semibold text-slate-900">{title}</span>
          <span className="text-sm text-slate-600">{text}</span>
        </button>
      ))}
    </div>
  );
}
