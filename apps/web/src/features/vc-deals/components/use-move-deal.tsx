import type { Deal, DealStatus } from '@fitscore/contracts';
import { useCallback, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDeclineDeal, useSetDealStatus } from '../api/deals';
import { asksForReasons } from '../lib/decline';
import { movedToast } from '../lib/labels';
import { DeclineDialog } from './decline-dialog';

const MOVE_FAILED = 'Could not move the deal. Please try again.';

/**
 * Hot/Track/Cold from a row, a key, the quick view or the deal page: one click, except a
 * Platform or Form deal going Cold, which first asks for the reasons (render `dialog`).
 */
export function useMoveDeal() {
  const setStatus = useSetDealStatus();
  const decline = useDeclineDeal();
  const toast = useToast();
  const [asking, setAsking] = useState<Deal | null>(null);

  const move = useCallback(
    (deal: Deal, status: DealStatus) => {
      if (asksForReasons(deal, status)) {
        setAsking(deal);
        return;
      }
      setStatus.mutate(
        { id: deal.id, status, from: deal.status },
        {
          onSuccess: () => toast.success(movedToast(status)),
          onError: (err) => toast.error(errorMessage(err, MOVE_FAILED)),
        },
      );
    },
    [setStatus, toast],
  );

  const confirm = (reasons: string[], note: string) => {
    if (!asking) return;
    const deal = asking;
    setAsking(null);
    decline.mutate(
      { id: deal.id, reasons, note, from: deal.status },
      {
        onSuccess: () => toast.success(movedToast('cold')),
        onError: (err) => toast.error(errorMessage(err, MOVE_FAILED)),
      },
    );
  };

  const dialog = <DeclineDialog deal={asking} onCancel={() => setAsking(null)} onConfirm={confirm} />;
  return { move, dialog };
}
