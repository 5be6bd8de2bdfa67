import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { fetchMe, resendVerification } from '../api';
import { queryKeys } from '@/lib/query-keys';

const ME_KEY = queryKeys.me;

/** Unverified accounts work as usual; this asks them to open the link mailed at sign-up. */
export function VerifyEmailBanner() {
  const toast = useToast();
  const me = useQuery({ queryKey: ME_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => toast.success(`We sent a new confirmation link to ${me.data?.user.email ?? 'your email'}.`),
    onError: (err) => toast.error(errorMessage(err, 'Could not send the link. Please try again.')),
  });

  if (!me.data || me.data.email_verified) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-amber-900">
        <p>
          Please confirm your email address: open the link we sent to{' '}
          <strong className="font-semibold break-all">{me.data.user.email}</strong>.
        </p>
        <Button size="sm" variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend link'}
        </Button>
      </div>
    </div>
  );
}
