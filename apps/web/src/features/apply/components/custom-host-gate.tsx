import { brandingEndpoints } from '@fitscore/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { OWN_HOST } from '@/config/env';
import { paths } from '@/config/paths';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The root of the site: under the product's own host, `children` (the landing page); under a
 * fund's own host name (white-label), that fund's apply page. An unknown host shows the landing page.
 */
export function CustomHostGate({ children }: { children: ReactNode }) {
  const host = window.location.host;
  const foreign = host !== OWN_HOST;
  const lookup = useQuery({
    queryKey: queryKeys.applyHost(host),
    queryFn: ({ signal }) => callEndpoint(brandingEndpoints.byHost, { params: { host }, signal }, 'Could not load this page'),
    enabled: foreign,
    retry: false,
    staleTime: Infinity,
  });
  if (!foreign) return children;
  if (lookup.isPending) return <PageLoader label="Loading" />;
  if (lookup.data) return <Navigate to={paths.apply(lookup.data.slug)} replace />;
  return children;
}
