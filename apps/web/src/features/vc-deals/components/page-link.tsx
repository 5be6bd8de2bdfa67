/** A citation of a deck page that opens it in the viewer. */
export function PageLink({ page, onPage }: { page: number | null; onPage: (page: number) => void }) {
  if (page === null) return null;
  return (
    <button
      type="button"
      onClick={() => onPage(page)}
      className="shrink-0 rounded font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      Page {page}
    </button>
  );
}
