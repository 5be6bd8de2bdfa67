import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/layout/error-screen';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { CustomHostGate } from '@/features/apply/components/custom-host-gate';
import { RedirectIfSignedIn, RequireRole } from './guards';
import { AreaLayout, PublicLayout, RootLayout } from './layouts';
import { page } from './lazy-page';
import { founderRoutes } from './routes/founder/routes';
import { vcRoutes } from './routes/vc/routes';

function Suspended() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('Route failed', error);
  return <ErrorScreen onRetry={() => navigate(0)} />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            element: <Suspended />,
            children: [
              {
                index: true,
                element: (
                  <CustomHostGate>
                    <RedirectIfSignedIn>{page(() => import('./routes/public/landing'))}</RedirectIfSignedIn>
                  </CustomHostGate>
                ),
              },
              { path: paths.signin, element: <RedirectIfSignedIn>{page(() => import('./routes/public/signin'))}</RedirectIfSignedIn> },
              {
                path: paths.signup,
                element: <RedirectIfSignedIn to="first-step">{page(() => import('./routes/public/signup'))}</RedirectIfSignedIn>,
              },
              { path: paths.ssoCallback, element: <RedirectIfSignedIn>{page(() => import('./routes/public/sso-callback'))}</RedirectIfSignedIn> },
              { path: paths.forgotPassword, element: page(() => import('./routes/public/forgot-password')) },
              { path: paths.resetPassword, element: page(() => import('./routes/public/reset-password')) },
              { path: paths.verifyEmail, element: page(() => import('./routes/public/verify-email')) },
              { path: paths.pricing, element: page(() => import('./routes/public/pricing')) },
              { path: paths.features, element: page(() => import('./routes/public/features')) },
              { path: paths.howItWorks, element: page(() => import('./routes/public/how-it-works')) },
              { path: paths.terms, element: page(() => import('./routes/public/terms')) },
              { path: paths.privacy, element: page(() => import('./routes/public/privacy')) },
              { path: paths.contact, element: page(() => import('./routes/public/contact')) },
              { path: '/share/:token', element: page(() => import('./routes/public/shared-report')) },
              { path: '/join', element: page(() => import('./routes/public/join')) },
              { path: paths.docsWebhooks, element: page(() => import('./routes/public/docs-webhooks')) },
              { path: '*', element: page(() => import('./routes/public/not-found')) },
            ],
          },
        ],
      },
      // A fund's apply page stands on its own (no FitScore navigation): it is the fund's page, and embeddable.
      { element: <Suspended />, children: [{ path: paths.apply(':slug'), element: page(() => import('./routes/public/apply')) }] },
      // A founder's protected deck link: the deck alone, no FitScore navigation.
      { element: <Suspended />, children: [{ path: paths.deckLinkViewer(':token'), element: page(() => import('./routes/public/deck-link-viewer')) }] },
      { path: '/vc', element: <Navigate to={paths.signupAs('vc')} replace /> },
      { path: '/founder/submit', element: <Navigate to={paths.signupAs('founder')} replace /> },
      {
        element: (
          <RequireRole role="founder">
            <AreaLayout role="founder" />
          </RequireRole>
        ),
        children: [{ element: <Suspended />, children: founderRoutes }],
      },
      {
        element: (
          <RequireRole role="vc">
            <AreaLayout role="vc" />
          </RequireRole>
        ),
        children: [{ element: <Suspended />, children: vcRoutes }],
      },
    ],
  },
]);
