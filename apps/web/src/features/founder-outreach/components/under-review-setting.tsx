import { useId, useState } from 'react';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useSaveOutreachSettings } from '../api/founder-outreach';

/**
 * 'Show founders when a deal is under review': on, a founder whose deal you triaged or opened sees
 * 'Under review'; off, 'Received' until you decide. A decline is always shared with its reasons.
 */
export function UnderReviewSetting({ showUnderReview, readOnly, admins }: { showUnderReview: boolean; readOnly: boolean; admins: string[] }) {
  const id = useId();
  const save = useSaveOutreachSettings();
  const toast = useToast();
  // The box shows the choice being saved from the click on: the mutation's own state reaches the
  // component only on the query library's next tick, and React puts a controlled box back to its
  // old value before that (the click looked as if it did nothing).
  const [saving, setSaving] = useState<boolean | null>(null);
  const change = (next: boolean) => {
    setSaving(next);
    save.mutate(next, {
      onSuccess: () => toast.success(next ? 'Founders see when their deal is under review' : 'Founders see ‘Received’ until you decide'),
      onError: (err) => toast.error(errorMessage(err, 'Could not save what founders see')),
      onSettled: () => setSaving(null),
    });
  };
  return (
    <div className="space-y-3">
      {readOnly ? <AdminOnlyNote admins={admins} what="what founders see" /> : null}
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-describedby={`${id}-hint`}
          className="mt-0.5 h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 focus:ring-brand-500 disabled:cursor-not-allowed"
          checked={saving ?? showUnderReview}
          disabled={readOnly || saving !== null}
          onChange={(e) => change(e.target.checked)}
        />
        <div>
          <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-900">
            Show founders when a deal is under review
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            Off: founders see ‘Received’ until you decide. Either way, a decline reaches them with the reasons you picked, never your notes or your score.
          </p>
        </div>
      </div>
    </div>
  );
}
