import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Next = (current: URLSearchParams) => URLSearchParams;

/**
 * The address's search params, with a setter whose changes add up.
 *
 * The router commits a navigation in a transition, so for a moment after a change this component
 * still renders the old params. A second change made in that moment (a member picking two filters
 * one after the other) would be built on them and quietly undo the first. Here each change is built
 * on the last one asked for, until the router has rendered it; a navigation from elsewhere (a link,
 * Back) drops what was pending.
 */
export function useSearchParamsUpdate(): [URLSearchParams, (next: Next, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const now = params.toString();
  const latest = useRef({ seen: now, pending: [] as string[] });
  useEffect(() => {
    const { seen, pending } = latest.current;
    if (now === seen) return;
    const at = pending.indexOf(now);
    latest.current = { seen: now, pending: at >= 0 ? pending.slice(at + 1) : [] };
  }, [now]);
  const update = useCallback(
    (next: Next, options?: NavigateOptions) => {
      const { seen, pending } = latest.current;
      const wanted = next(new URLSearchParams(pending.at(-1) ?? seen));
      pending.push(wanted.toString());
      setParams(wanted, options);
    },
    [setParams],
  );
  return [params, update];
}
