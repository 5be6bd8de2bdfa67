import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFundDeletion } from '../api/fund-data';
import { deletionDate } from './deletion-date';

/** Across the investor's screens while the fund is scheduled for deletion: when, and where to cancel. */
export function FundDeletionBanner() {
  const status = useFundDeletion();
  const deletion = status.data?.deletion;
  if (!deletion) return null;
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-red-900">
        <p>
          This fund is scheduled for deletion on <strong className="font-semibold">{deletionDate(deletion.purgeAfter)}</strong>. All its deals, scores, comments and
          decks will be deleted for good.
        </p>
        <Link to={`${paths.vc.settings}?tab=data`} className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-950">
          Review or cancel
        </Link>
      </div>
    </div>
  );
}
