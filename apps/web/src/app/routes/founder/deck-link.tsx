import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Container, PageHeader } from '@/components/layout/page';
import { QueryState } from '@/components/layout/query-state';
import { paths } from '@/config/paths';
import { useDeckLinkDetail } from '@/features/deck-links/api/deck-links';
import { DeckLinkViewers } from '@/features/deck-links/components/deck-link-detail';
import { DeckLinkRow } from '@/features/deck-links/components/deck-links-list';
import { linkTitle } from '@/features/deck-links/lib/format';

const back = (
  <Link to={paths.founder.deckLinks} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
    All deck links
  </Link>
);

/** /founder/deck-links/:id : one link, its viewers and each one's page-by-page time. */
export default function FounderDeckLinkPage() {
  const { id = '' } = useParams();
  const detail = useDeckLinkDetail(id);
  return (
    <Container className="max-w-4xl space-y-6">
      {back}
      <QueryState query={detail} label="Loading the deck link" notFound={<p className="text-slate-700">This deck link does not exist.</p>}>
        {({ link, viewers }) => (
          <>
            <title>{`${linkTitle(link)} · Deck links · FitScore`}</title>
            <PageHeader title={linkTitle(link)} subtitle="When each reader opened the deck, and how long each page held them." />
            <ul aria-label="Link">
              <DeckLinkRow link={link} />
            </ul>
            <DeckLinkViewers link={link} viewers={viewers} />
          </>
        )}
      </QueryState>
    </Container>
  );
}
