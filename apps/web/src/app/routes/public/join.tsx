import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { dashboardPath, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-provider';
import { useInvitePreview, useJoinTeam } from '@/features/vc-team/api/team';
import { errorMessage } from '@/lib/api-client';
import { AuthPageFrame } from './auth-page-frame';

/**
 * An invite link ({PUBLIC_WEB_URL}/join?token=…). A signed-in investor without a fund joins at
 * once and lands on the dashboard; anyone else signs up or in first, the token riding along
 * in `?join=` so sign-in comes back here.
 */
export default function JoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, loading, logout } = useAuth();
  const join = useJoinTeam();
  const preview = useInvitePreview(token);
  const fundName = preview.data?.fundName;
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);

  useEffect(() => {
    if (loading || !token || user?.type !== 'vc' || started.current) return;
    started.current = true;
    join.mutate(token, {
      onSuccess: () => {
        toast.success('Welcome to the team. You can now see the fund’s deals.');
        void navigate(paths.vc.dashboard, { replace: true });
      },
    });
  }, [loading, token, user, join, navigate, toast]);

  if (loading) return <PageLoader label="Checking your session" />;

  const frame = (subtitle: string, body: React.ReactNode) => (
    <AuthPageFrame title={fundName ? `Join ${fundName} on FitScore` : 'Join your fund on FitScore'} subtitle={subtitle}>
      <Card>
        <CardBody className="space-y-4">{body}</CardBody>
      </Card>
    </AuthPageFrame>
  );

  if (!token) {
    return frame(
      'This invite link is incomplete.',
      <p className="text-sm text-slate-700">
        Open the link again from the invitation, or ask your fund admin for a new one.
      </p>,
    );
  }

  if (!user) {
    const carried = encodeURIComponent(token);
    return frame(
      preview.isError
        ? errorMessage(preview.error, 'This invite link is not valid.')
        : `You have been invited to ${fundName ?? 'a fund'}. Sign up or sign in with an investor account to join.`,
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild className="sm:flex-1">
          <Link to={`${paths.signupAs('vc')}&join=${carried}`}>Sign up as an investor</Link>
        </Button>
        <Button asChild variant="secondary" className="sm:flex-1">
          <Link to={`${paths.signin}?join=${carried}`}>Sign in to join</Link>
        </Button>
      </div>,
    );
  }

  if (user.type !== 'vc') {
    return frame(
      'Invites are for investor accounts.',
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          You are signed in as a founder ({user.email}). Sign out, then open the invite link again and sign in with an
          investor account.
        </p>
        <Button variant="secondary" onClick={() => void logout()}>
          Sign out
        </Button>
      </div>,
    );
  }

  if (join.isError) {
    return frame(
      'We could not add you to the fund.',
      <div className="space-y-3">
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200">
          {errorMessage(join.error, 'Could not join the fund')}
        </p>
        <Button asChild variant="secondary">
          <Link to={dashboardPath(user.type)}>Go to your dashboard</Link>
        </Button>
      </div>,
    );
  }

  return <PageLoader label="Joining the fund" />;
}
