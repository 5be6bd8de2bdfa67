import { useSyncExternalStore } from 'react';

const PHONE = '(max-width: 767px)';

/** True below the md breakpoint, where the pipeline shows cards instead of a table. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const media = window.matchMedia(PHONE);
      media.addEventListener('change', notify);
      return () => media.removeEventListener('change', notify);
    },
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}
