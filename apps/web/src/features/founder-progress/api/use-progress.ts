import { founderEndpoints, type FounderProgress } from '@fitscore/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { STORAGE_KEYS, storage } from '@/lib/storage';

/** Browser flags are only a cache of what the server says (product decision 2). */
function cacheFlags(p: FounderProgress) {
  storage.setFlag(STORAGE_KEYS.founderProfileComplete, p.profile_complete);
  storage.setFlag(STORAGE_KEYS.founderDeckUploaded, p.deck_uploaded);
  storage.setFlag(STORAGE_KEYS.founderScoreComplete, p.score_complete);
  if (p.deck_filename) storage.set(STORAGE_KEYS.founderDeckName, p.deck_filename);
  else storage.remove(STORAGE_KEYS.founderDeckName);
}

export function useProgress() {
  const query = useQuery({
    queryKey: queryKeys.founder.progress,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.progress, { signal }),
  });
  useEffect(() => {
    if (query.data) cacheFlags(query.data);
  }, [query.data]);
  return query;
}
