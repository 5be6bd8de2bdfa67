import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { page } from '../../lazy-page';

export const vcRoutes: RouteObject[] = [
  { path: paths.vc.dashboard, element: page(() => import('./dashboard')) },
  { path: paths.vc.onboarding, element: page(() => import('./onboarding')) },
  { path: paths.vc.pipeline, element: page(() => import('./pipeline')) },
  { path: paths.vc.reports, element: page(() => import('./reports')) },
  { path: paths.vc.importDeals, element: page(() => import('./import-deals')) },
  { path: paths.vc.hot, element: page(() => import('./hot')) },
  { path: paths.vc.track, element: page(() => import('./track')) },
  { path: paths.vc.cold, element: page(() => import('./cold')) },
  { path: paths.vc.deal(':id'), element: page(() => import('./deal')) },
  { path: paths.vc.settings, element: page(() => import('./settings')) },
  { path: paths.vc.weights, element: page(() => import('./weights')) },
  { path: paths.vc.billing, element: page(() => import('./billing')) },
];
