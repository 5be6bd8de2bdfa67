import {
  APPLICANT_REPLY_DELAYS_MINUTES,
  ApplicantReplyTemplatesSchema,
  type ApplicantReplySettings,
  type ApplicantReplyTemplates,
} from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Select, Textarea } from '@/components/ui/field';
import { showServerErrors, TextField } from '@/components/ui/form-fields';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useResetApplicantEmails, useSaveApplicantEmails } from '../api/applicant-emails';

const DELAY_LABELS: Record<(typeof APPLICANT_REPLY_DELAYS_MINUTES)[number], string> = {
  0: 'Right away',
  60: 'After 1 hour',
  240: 'After 4 hours',
  1440: 'After 1 day',
  2880: 'After 2 days',
  4320: 'After 3 days',
  10080: 'After 1 week',
};

const templatesOf = (s: ApplicantReplySettings): ApplicantReplyTemplates => ({
  receiptSubject: s.receiptSubject,
  receiptBody: s.receiptBody,
  declineSubject: s.declineSubject,
  declineBody: s.declineBody,
  delayMinutes: s.delayMinutes,
});

/**
 * The receipt and decline emails a fund's applicants by form and email receive, in the fund's
 * words. Admins edit them; a member reads them and is told who can change them.
 */
export function ApplicantEmailsForm({ settings, canEdit, admins }: { settings: ApplicantReplySettings; canEdit: boolean; admins: string[] }) {
  const toast = useToast();
  const save = useSaveApplicantEmails();
  const reset = useResetApplicantEmails();
  const form = useForm<ApplicantReplyTemplates>({
    resolver: zodResolver(ApplicantReplyTemplatesSchema),
    defaultValues: templatesOf(settings),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(templatesOf(saved));
      toast.success('Applicant emails saved');
    } catch (err) {
      showServerErrors(form, err);
      toast.error(errorMessage(err, 'Could not save your applicant emails'));
    }
  });

  const restore = async () => {
    try {
      const saved = await reset.mutateAsync(undefined);
      form.reset(templatesOf(saved));
      toast.info('Applicant emails reset to the built-in wording');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not reset your applicant emails'));
    }
  };

  const body = (name: 'receiptBody' | 'declineBody', label: string, hint: string) => (
    <Field label={label} hint={hint} error={errors[name]?.message} required>
      {(ids) => <Textarea {...ids} rows={9} readOnly={!canEdit} className="font-mono text-sm" {...form.register(name)} />}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Emails to applicants" className="space-y-6">
      <p className="text-sm text-slate-600">
        Sent from <strong className="font-semibold text-slate-900">{settings.fromName}</strong> to founders who apply by form or email.{' '}
        {settings.customised ? 'These are your fund’s own words.' : 'These are the built-in words; change them to sound like your fund.'}
      </p>
      {canEdit ? null : (
        <p role="note" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          Read-only: only an admin of your fund can change these emails{admins.length > 0 ? ` (${admins.join(', ')})` : ''}.
        </p>
      )}
      <Field label="When to send" hint="A delay gives your team time to undo a Cold: a decline not yet sent is cancelled." error={errors.delayMinutes?.message}>
        {(ids) => (
          <Select {...ids} disabled={!canEdit} {...form.register('delayMinutes', { valueAsNumber: true })}>
            {APPLICANT_REPLY_DELAYS_MINUTES.map((m) => (
              <option key={m} value={m}>
                {DELAY_LABELS[m]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Receipt</legend>
        <TextField form={form} name="receiptSubject" label="Receipt subject" required maxLength={200} readOnly={!canEdit} />
        {body('receiptBody', 'Receipt text', 'You can use {company}, {fund} and {reference} (the reference the founder was shown).')}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Decline</legend>
        <TextField form={form} name="declineSubject" label="Decline subject" required maxLength={200} readOnly={!canEdit} />
        {body('declineBody', 'Decline text', '{reasons} becomes the reasons you pick in the Cold dialog, one per line; your internal note is never sent.')}
      </fieldset>
      {canEdit ? (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={restore} disabled={reset.isPending || !settings.customised}>
            Use the built-in emails
          </Button>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving...' : 'Save Emails'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
