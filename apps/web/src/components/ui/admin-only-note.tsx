import { Lock } from 'lucide-react';

/** Says, before anything is typed, that only the fund's admins can change what follows, and who they are. */
export function AdminOnlyNote({ admins, what }: { admins: string[]; what: string }) {
  return (
    <p role="note" className="mb-4 flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
      <Lock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>
        Read-only: only your fund&apos;s admins can change {what}
        {admins.length ? ` (${admins.join(', ')})` : ''}.
      </span>
    </p>
  );
}
