import { useParams } from 'react-router';
import { DeckViewer } from '@/features/deck-links/components/deck-viewer';

/** /d/:token : a founder's deck behind a protected link, on its own page (no FitScore navigation). */
export default function DeckLinkViewerPage() {
  const { token = '' } = useParams();
  return <DeckViewer token={token} />;
}
