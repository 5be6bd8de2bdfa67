import { ApplyFieldsSchema, INDUSTRIES, ONE_LINER_MAX, STAGES } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, Send, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { checkDeckFile, DeckDropzone } from '@/components/ui/deck-dropzone';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorMessage } from '@/lib/api-client';
import { submitApplication } from '../api/apply';

/** The visible fields; the honeypot and the fill time are added when sending. */
const FormSchema = ApplyFieldsSchema.omit({ honeypot: true, fillMs: true });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * A founder's application to one fund: company, contact, a one-liner and the deck, sent with real
 * upload progress. A hidden field that people never see (and bots fill) and the time the form was
 * open travel with it, so the server can turn spam away without a third-party service.
 */
export function ApplyForm({ slug, fundName, onSubmitted }: { slug: string; fundName: string; onSubmitted: (reference: string) => void }) {
  // When the form was first shown: the fill time tells people from bots.
  const [openedAt] = useState(() => Date.now());
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: { companyName: '', founderName: '', email: '', website: '', stage: '', sector: '', geography: '', oneLiner: '' },
  });
  const oneLiner = useWatch({ control, name: 'oneLiner' }) ?? '';

  const takeFile = (next: File) => {
    const problem = checkDeckFile(next);
    setFileError(problem);
    setFile(problem ? null : next);
  };

  const onSubmit = async (values: FormOutput) => {
    setServerError(null);
    if (!file) {
      setFileError('Please choose a pitch deck file');
      return;
    }
    setProgress(0);
    try {
      const receipt = await submitApplication(
        slug,
        { ...values, honeypot: honeypot.current?.value ?? '', fillMs: Date.now() - openedAt },
        file,
        (fraction) => setProgress(Math.round(fraction * 100)),
      );
      onSubmitted(receipt.reference);
    } catch (err) {
      setServerError(errorMessage(err, 'Upload failed. Please try again.'));
      setProgress(null);
    }
  };

  const busy = isSubmitting || progress !== null;
  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label={`Apply to ${fundName}`} className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={busy}>
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">Your company</legend>
        <Field label="Company name" required error={errors.companyName?.message} className="sm:col-span-2">
          {(ids) => <Input {...ids} autoComplete="organization" {...register('companyName')} />}
        </Field>
        <Field label="Website" error={errors.website?.message}>
          {(ids) => <Input {...ids} type="url" inputMode="url" placeholder="https://" autoComplete="url" {...register('website')} />}
        </Field>
        <Field label="HQ geography" error={errors.geography?.message}>
          {(ids) => <Input {...ids} placeholder="e.g. Berlin, Germany" autoComplete="country-name" {...register('geography')} />}
        </Field>
        <Field label="Stage" error={errors.stage?.message}>
          {(ids) => (
            <Select {...ids} {...register('stage')}>
              <option value="">Select a stage</option>
              {STAGES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Sector" error={errors.sector?.message}>
          {(ids) => (
            <Select {...ids} {...register('sector')}>
              <option value="">Select a sector</option>
              {INDUSTRIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="One-liner"
          error={errors.oneLiner?.message}
          hint={`${oneLiner.length}/${ONE_LINER_MAX} characters: what you do, for whom.`}
          className="sm:col-span-2"
        >
          {(ids) => <Textarea {...ids} rows={2} maxLength={ONE_LINER_MAX} {...register('oneLiner')} />}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={busy}>
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">You</legend>
        <Field label="Founder name" error={errors.founderName?.message}>
          {(ids) => <Input {...ids} autoComplete="name" {...register('founderName')} />}
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" {...register('email')} />}
        </Field>
      </fieldset>

      {/* People never see or fill this; form-filling bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input ref={honeypot} type="text" name="company_url_confirm" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <div className="space-y-2">
        <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Pitch deck <span className="text-red-600 normal-case">*</span>
        </p>
        {file ? (
          <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
            <FileText className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
              <p className="text-xs text-slate-500">{formatSize(file.size)}</p>
            </div>
            {!busy ? (
              <Button variant="ghost" size="sm" onClick={() => setFile(null)} aria-label={`Remove ${file.name}`}>
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : (
          <DeckDropzone onFile={takeFile} disabled={busy} />
        )}
        {fileError ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {fileError}
          </p>
        ) : null}
      </div>

      {progress !== null ? (
        <div className="space-y-1.5" aria-live="polite">
          <div className="flex justify-between text-sm text-slate-600">
            <span>{progress < 100 ? 'Uploading your deck…' : 'Checking your deck…'}</span>
            <span>{progress}%</span>
          </div>
          <ProgressBar value={progress} label="Upload progress" />
        </div>
      ) : null}
      {serverError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200">
          {serverError}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">Your deck is shared with {fundName} only.</p>
        <Button type="submit" size="lg" disabled={busy}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {busy ? 'Sending...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  );
}
