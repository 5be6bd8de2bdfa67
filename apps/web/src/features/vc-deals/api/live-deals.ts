import { DEAL_CHANGED_EVENT, type DealChangedEvent } from '@fitscore/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useServerEvent } from '@/lib/server-events';
import { dealKeys } from './deals';

/** A burst of changes (an import, a colleague's triage) is read once, this long after its first event. */
const COALESCE_MS = 300;

/**
 * Keeps every screen that lists or counts deals current (issue 29 point 1): when the server says
 * one of the fund's deals arrived, was scored or changed status or owner — from this browser, a
 * teammate's or another API host — the deal queries on screen are read again (the others when next
 * shown). Mounted once for an investor's whole session.
 */
export function useLiveDeals() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useServerEvent<DealChangedEvent>(DEAL_CHANGED_EVENT, () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: dealKeys.all });
    }, COALESCE_MS);
  });
}
