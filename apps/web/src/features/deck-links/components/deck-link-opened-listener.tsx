import { DECK_LINK_OPENED_EVENT } from '@fitscore/contracts';
import { useToast } from '@/components/ui/toast';
import { useServerEvent } from '@/lib/server-events';
import { useRefreshDeckLinks } from '../api/deck-links';


/** Anywhere in the founder's area: a deck link's first open shows a notice and refreshes the links. */
export function DeckLinkOpenedListener() {
  const toast = useToast();
  const refresh = useRefreshDeckLinks();
  useServerEvent<{ viewer_email: string | null }>(DECK_LINK_OPENED_EVENT, (data) => {
    toast.info(`${data.viewer_email ?? 'Someone'} opened your deck.`);
    void refresh();
  });
  return null;
}
