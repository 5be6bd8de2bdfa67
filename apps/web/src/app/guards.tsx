import type { UserType } from '@fitscore/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { dashboardPath, paths } from '@/config/paths';
import { postLoginPath, postSignupPath, useAuth } from '@/features/auth/auth-provider';

/** Protected pages need a signed-in user of this role; others go to sign-in or their own dashboard. */
export function RequireRole({ role, children }: { role: UserType; children: ReactNode }) {
  const { user, lastEvent, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoader label="Checking your session" />;
  // Sign Out goes home; anything else without a session goes to sign-in.
  if (!user && lastEvent === 'logout') return <Navigate to={paths.home} replace />;
  if (!user) return <Navigate to={paths.signin} replace state={{ from: location.pathname }} />;
  if (user.type !== role) return <Navigate to={dashboardPath(user.type)} replace />;
  return children;
}

/**
 * Landing, sign-in and sign-up send a signed-in user on. The one place that decides where:
 * just signed in → as section 4 says for login; just signed up → the first step; arrived
 * signed in → the dashboard (sign-up: the first step).
 */
export function RedirectIfSignedIn({ to = 'dashboard', children }: { to?: 'dashboard' | 'first-step'; children: ReactNode }) {
  const { user, lastEvent, loading } = useAuth();
  // A fund invite (?join=token) carried through sign-in or sign-up goes back to its /join page.
  const join = new URLSearchParams(useLocation().search).get('join');
  if (loading) return <PageLoader label="Checking your session" />;
  if (!user) return children;
  if (join && user.type === 'vc') return <Navigate to={`/join?token=${encodeURIComponent(join)}`} replace />;
  const destination =
    lastEvent === 'login'
      ? postLoginPath(user)
      : lastEvent === 'signup' || to === 'first-step'
        ? postSignupPath(user)
        : dashboardPath(user.type);
  return <Navigate to={destination} replace />;
}
