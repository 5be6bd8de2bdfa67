import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';

export interface PlanChangeDialogProps<P extends string> {
  /** The plan to change to; null keeps the dialog closed. */
  target: P | null;
  /** Whether `target` is the paid plan (the confirm button is primary, not a warning). */
  upgrading: boolean;
  title: string;
  description: string;
  /** What changes, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown once the server has made the change. */
  doneMessage: string;
  pending: boolean;
  change: (plan: P) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a plan change (a founder's or a fund's): Cancel, or confirm and see the result as a toast. */
export function PlanChangeDialog<P extends string>({ target, upgrading, title, description, children, confirmLabel, doneMessage, pending, change, onClose }: PlanChangeDialogProps<P>) {
  const toast = useToast();
  const confirm = async () => {
    if (!target) return;
    try {
      await change(target);
      toast.success(doneMessage);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not change your plan'));
    }
  };
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={title} description={description}>
      <div className="space-y-3 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant={upgrading ? 'primary' : 'danger'} onClick={() => void confirm()} disabled={pending}>
          {pending ? 'Saving...' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
