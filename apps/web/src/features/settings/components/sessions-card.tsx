import type { ActiveSession } from '@fitscore/contracts';
import { Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account-security';
import { formatDateTime, formatRelative } from '../lib/format';
import { describeUserAgent, deviceLabel } from '../lib/user-agent';
import { QueryState } from './query-state';
import { errorMessage } from '@/lib/api-client';

const ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet, unknown: MonitorSmartphone } as const;

function SessionRow({ session }: { session: ActiveSession }) {
  const toast = useToast();
  const revoke = useRevokeSession();
  const label = deviceLabel(session.user_agent);
  const Icon = ICONS[describeUserAgent(session.user_agent).kind];
  const lastActive = session.current ? 'Active now' : `Last active ${formatRelative(session.last_seen_at)}`;

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(session.id);
      toast.success('Session revoked');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign out that session'));
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-testid="session-row">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 rounded-xl bg-slate-100 p-2 text-slate-600">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {label}
            {session.current ? <Badge tone="green">This device</Badge> : null}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {lastActive}
            {session.ip ? <> · {session.ip}</> : null}
          </p>
          <p className="text-xs text-slate-500">Signed in {formatDateTime(session.created_at)}</p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-center"
          onClick={onRevoke}
          disabled={revoke.isPending}
          aria-label={`Revoke ${label}, signed in ${formatDateTime(session.created_at)}`}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const toast = useToast();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  const onRevokeOthers = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast.success(revoked === 1 ? 'Signed out 1 other session' : `Signed out ${revoked} other sessions`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign out the other sessions'));
    }
  };

  return (
    <Card>
      <CardHeader className="flex-col sm:flex-row">
        <div>
          <CardTitle>Active sessions</CardTitle>
          <p className="mt-1 text-sm text-slate-600">Devices signed in to your account. Revoke any you don’t recognise.</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={onRevokeOthers}
          disabled={others === 0 || revokeOthers.isPending}
          className="shrink-0"
        >
          Sign out all other sessions
        </Button>
      </CardHeader>
      <CardBody>
        {sessions.data ? (
          <ul aria-label="Active sessions" className="divide-y divide-slate-100">
            {list.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        ) : (
          <QueryState error={sessions.error} onRetry={() => void sessions.refetch()} label="sessions" />
        )}
        {sessions.data && others === 0 ? (
          <p className="mt-4 text-sm text-slate-500">You’re not signed in anywhere else.</p>
        ) : null}
      </CardBody>
    </Card>
  );
}
