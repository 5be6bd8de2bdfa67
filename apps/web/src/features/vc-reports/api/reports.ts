import { fundReportEndpoints, type FundReportQuery } from '@fitscore/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fundReportQuery = (query: FundReportQuery) =>
  queryOptions({
    queryKey: queryKeys.vc.deals.reports(query),
    queryFn: ({ signal }) => callEndpoint(fundReportEndpoints.report, { query, signal }, 'Could not load the reports'),
    // A changed filter keeps the charts on screen until the new figures arrive.
    placeholderData: keepPreviousData,
  });

export const useFundReport = (query: FundReportQuery) => useQuery(fundReportQuery(query));
