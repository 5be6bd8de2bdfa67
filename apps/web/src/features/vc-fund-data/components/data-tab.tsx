import { FUND_DATA_MESSAGES, type FundDeletion } from '@fitscore/contracts';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ExportButton } from '@/components/ui/export-button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { UpgradePrompt } from '@/components/ui/upgrade-prompt';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { exportFundArchive, useCancelDeletion, useFundDeletion, useScheduleDeletion } from '../api/fund-data';
import { deletionDate } from './deletion-date';

const graceInWords = (hours: number) => (hours % 24 === 0 ? plural(hours / 24, 'day') : plural(hours, 'hour'));

function ExportCard() {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>Export all data</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Everything your fund holds as one ZIP archive: a JSON Lines file per table (deals, scores, comments, activity, intake items, members, settings and the
          audit log) and every deck file exactly as it was uploaded. Secrets such as passwords, API keys and webhook secrets are never included.
        </p>
      </CardHeader>
      <CardBody>
        <ExportButton label="Export all data" download={exportFundArchive} done="Your fund’s data is downloading" failed="Could not export your fund’s data. Please try again." />
      </CardBody>
    </Card>
  );
}

function ConfirmDeletion({ fundName, graceHours, open, onOpenChange }: { fundName: string; graceHours: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const schedule = useScheduleDeletion();
  const toast = useToast();
  const matches = typed.trim() === fundName.trim() && typed.trim() !== '';
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!matches) return;
    schedule.mutate(typed, {
      onSuccess: (s) => {
        toast.success(`${fundName} will be deleted on ${s.deletion ? deletionDate(s.deletion.purgeAfter) : 'the end of the grace period'}.`);
        onOpenChange(false);
        setTyped('');
      },
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title={`Delete ${fundName}?`}
      description={`Everything the fund holds is deleted ${graceInWords(graceHours)} after you confirm, and its members are signed out. Until then any admin can cancel.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label={`Type “${fundName}” to confirm`} error={schedule.isError ? errorMessage(schedule.error, FUND_DATA_MESSAGES.nameMismatch) : undefined}>
          {(ids) => <Input {...ids} value={typed} autoComplete="off" spellCheck={false} onChange={(e) => setTyped(e.target.value)} />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Keep the fund
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || schedule.isPending} aria-busy={schedule.isPending}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {schedule.isPending ? 'Scheduling…' : 'Delete fund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Scheduled({ deletion }: { deletion: FundDeletion }) {
  const cancel = useCancelDeletion();
  const toast = useToast();
  return (
    <div className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
      <p className="text-sm text-red-900">
        Scheduled for deletion on <strong className="font-semibold">{deletionDate(deletion.purgeAfter)}</strong>
        {deletion.requestedBy.name ? ` by ${deletion.requestedBy.name}` : ''}. Until then your fund works as usual and any admin can cancel.
      </p>
      <Button
        variant="secondary"
        disabled={cancel.isPending}
        aria-busy={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast.success('The deletion was cancelled. Your fund stays.'),
            onError: (err) => toast.error(errorMessage(err, 'Could not cancel the deletion. Please try again.')),
          })
        }
      >
        {cancel.isPending ? 'Cancelling…' : 'Cancel deletion'}
      </Button>
    </div>
  );
}

function DeleteCard({ fundName }: { fundName: string }) {
  const status = useFundDeletion();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>Delete fund</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Deletes the fund with all its deals, scores, comments, activity, intake items, decks, settings and audit log, and signs out its members. Export your data
          first: a deleted fund cannot be restored.
        </p>
      </CardHeader>
      <CardBody>
        <QueryState query={status} label="Loading the deletion status">
          {(s) =>
            s.deletion ? (
              <Scheduled deletion={s.deletion} />
            ) : (
              <>
                <p className="mb-3 text-sm text-slate-600">The deletion happens {graceInWords(s.graceHours)} after you confirm; until then any admin can cancel it.</p>
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Delete fund
                </Button>
                <ConfirmDeletion fundName={fundName} graceHours={s.graceHours} open={confirming} onOpenChange={setConfirming} />
              </>
            )
          }
        </QueryState>
      </CardBody>
    </Card>
  );
}

/**
 * Settings → Data: an admin on the Enterprise plan exports everything the fund holds, and deletes
 * the fund (typed confirmation, then a grace period in which any admin can cancel).
 */
export function DataTab({ readOnly, admins, enterprise, fundName }: { readOnly: boolean; admins: string[]; enterprise: boolean | undefined; fundName: string }) {
  if (readOnly) {
    return (
      <Card>
        <CardBody>
          <AdminOnlyNote admins={admins} what="export the fund’s data or delete the fund" />
        </CardBody>
      </Card>
    );
  }
  if (enterprise === false) {
    return (
      <Card>
        <CardBody>
          <UpgradePrompt title="Data export and fund deletion are Enterprise features" text={FUND_DATA_MESSAGES.enterpriseRequired} action="Contact Sales" to={paths.contact} label="Enterprise plan for data export and deletion" />
        </CardBody>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <ExportCard />
      <DeleteCard fundName={fundName} />
    </div>
  );
}
