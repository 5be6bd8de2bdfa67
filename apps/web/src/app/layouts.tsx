import type { UserType } from '@fitscore/contracts';
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { TopNav, type NavItem } from '@/components/layout/top-nav';
import { dashboardPath, paths } from '@/config/paths';
import { AuthProvider, useAuth } from '@/features/auth/auth-provider';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { useLiveDeals } from '@/features/vc-deals/api/live-deals';
import { FundDeletionBanner } from '@/features/vc-fund-data/components/fund-deletion-banner';
import { DeckLinkOpenedListener } from '@/features/deck-links/components/deck-link-opened-listener';
import { ServerEventsProvider } from '@/lib/server-events';

/** The root of every route: the session lives here because it navigates. */
export function RootLayout() {
  return (
    <AuthProvider>
      <SessionEvents>
        <ScrollRestoration />
        <Outlet />
      </SessionEvents>
    </AuthProvider>
  );
}

/** One server-push stream for as long as someone is signed in. */
function SessionEvents({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <ServerEventsProvider sessionKey={user?.id ?? null}>{children}</ServerEventsProvider>;
}

const PUBLIC_ITEMS: NavItem[] = [
  { label: 'How it Works', to: paths.howItWorks },
  { label: 'Features', to: paths.features },
  { label: 'Pricing', to: paths.pricing },
];

export function PublicLayout() {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav
        items={PUBLIC_ITEMS}
        homeTo={paths.home}
        cta={user ? { label: 'Dashboard', to: dashboardPath(user.type) } : { label: 'Sign In', to: paths.signin }}
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

const AREA_ITEMS: Record<UserType, NavItem[]> = {
  founder: [
    { label: 'Dashboard', to: paths.founder.dashboard },
    { label: 'Metrics', to: paths.founder.metrics },
    { label: 'Outreach', to: paths.founder.outreach },
    { label: 'Deck links', to: paths.founder.deckLinks },
    { label: 'Settings', to: paths.founder.settings },
  ],
  vc: [
    { label: 'Dashboard', to: paths.vc.dashboard },
    { label: 'Pipeline', to: paths.vc.pipeline },
    { label: 'Reports', to: paths.vc.reports },
    { label: 'Settings', to: paths.vc.settings },
  ],
};

/** An investor's screens stay current as the fund's deals change (nothing drawn). */
function LiveDeals() {
  useLiveDeals();
  return null;
}

export function AreaLayout({ role }: { role: UserType }) {
  const { logout } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      {role === 'vc' ? <LiveDeals /> : null}
      {role === 'founder' ? <DeckLinkOpenedListener /> : null}
      <TopNav items={AREA_ITEMS[role]} homeTo={dashboardPath(role)} onSignOut={() => void logout()} />
      <VerifyEmailBanner />
      {role === 'vc' ? <FundDeletionBanner /> : null}
      <main id="main" className="flex-1 py-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
