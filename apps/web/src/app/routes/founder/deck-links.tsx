import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Container, PageHeader } from '@/components/layout/page';
import { QueryState } from '@/components/layout/query-state';
import { useDeckLinks } from '@/features/deck-links/api/deck-links';
import { CreateDeckLinkForm } from '@/features/deck-links/components/create-deck-link';
import { DeckLinkAlerts, DeckLinkRow } from '@/features/deck-links/components/deck-links-list';

/** /founder/deck-links : protected links to the deck itself, who opened them, and new ones. */
export default function FounderDeckLinksPage() {
  const links = useDeckLinks();
  return (
    <Container className="max-w-4xl space-y-6">
      <title>Deck links · FitScore</title>
      <PageHeader
        title="Deck links"
        subtitle="Share your deck itself: each reader sees its pages marked with their email, and you see how long each page held them."
      />
      <DeckLinkAlerts />
      <Card>
        <CardHeader>
          <CardTitle>New deck link</CardTitle>
        </CardHeader>
        <CardBody>
          <CreateDeckLinkForm />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your links</CardTitle>
        </CardHeader>
        <CardBody>
          <QueryState query={links} label="Loading your deck links">
            {(data) =>
              data.links.length === 0 ? (
                <p className="text-sm text-slate-600">No deck links yet. Create one above for each investor you send your deck to.</p>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="Deck links">
                  {data.links.map((link) => (
                    <DeckLinkRow key={link.id} link={link} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </CardBody>
      </Card>
    </Container>
  );
}
