import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { dashboardPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { verifyEmail } from '../api';
import { useAuth } from '../auth-provider';
import { queryKeys } from '@/lib/query-keys';

/** One click confirms the address (a button, so mail scanners that open links confirm nothing). */
export function VerifyEmailPanel({ token }: { token: string | null }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => verifyEmail(token ?? ''),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
  const next = user ? { to: dashboardPath(user.type), label: 'Go to your dashboard' } : { to: paths.signin, label: 'Sign in' };

  if (verify.isSuccess) {
    return (
      <div className="space-y-4 text-sm text-slate-700" role="status">
        <p className="text-base font-semibold text-slate-900">Your email address is confirmed</p>
        <Button asChild className="w-full">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      </div>
    );
  }
  if (!token || verify.isError) {
    return (
      <div className="space-y-4 text-sm text-slate-700" role="alert">
        <p>
          {verify.isError
            ? errorMessage(verify.error, 'This link could not be used.')
            : 'This link is incomplete. Open it again from the email.'}
        </p>
        <p>Signed in, you can send a new link from the banner at the top of the page.</p>
        <Button asChild variant="secondary" className="w-full">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p>Confirm that this email address belongs to you.</p>
      <Button className="w-full" onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Confirming...' : 'Confirm my email'}
      </Button>
    </div>
  );
}
