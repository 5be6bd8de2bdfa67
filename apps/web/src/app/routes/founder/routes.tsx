import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { page } from '../../lazy-page';

export const founderRoutes: RouteObject[] = [
  { path: paths.founder.home, element: page(() => import('./home')) },
  { path: paths.founder.profile, element: page(() => import('./profile')) },
  { path: paths.founder.upload, element: page(() => import('./upload')) },
  { path: paths.founder.scoring, element: page(() => import('./scoring')) },
  { path: paths.founder.dashboard, element: page(() => import('./dashboard')) },
  { path: paths.founder.metrics, element: page(() => import('./metrics')) },
  { path: paths.founder.outreach, element: page(() => import('./outreach')) },
  { path: paths.founder.settings, element: page(() => import('./settings')) },
  { path: paths.founder.deckLinks, element: page(() => import('./deck-links')) },
  { path: paths.founder.deckLink(':id'), element: page(() => import('./deck-link')) },
];
