import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '../auth-provider';
import { useLinkToken } from '../use-link-token';

/**
 * The end of a single sign-on: the one-time code (in the fragment, so no server or Referer sees
 * it) is traded for a session once; the page's guard then sends the person on into the app.
 */
export function SsoCallbackPanel() {
  const code = useLinkToken('code');
  const { completeSso } = useAuth();
  const [error, setError] = useState<string | null>(code ? null : 'This sign-in link is incomplete. Start the sign-in again.');
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    completeSso(code).catch((err: unknown) => setError(errorMessage(err, 'Single sign-on failed. Start the sign-in again.')));
  }, [code, completeSso]);

  if (error) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
        <Link to={paths.signin} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
      <Spinner />
      Signing you in…
    </div>
  );
}
