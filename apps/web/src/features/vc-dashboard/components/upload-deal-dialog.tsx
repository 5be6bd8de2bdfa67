import { STAGES } from '@fitscore/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useUploadDeal } from '../api/dashboard';

const MAX_DECK_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.pdf,.ppt,.pptx,application/pdf,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The spec's checks before sending; the server checks the file's content again. */
function checkFile(file: File | null): string | undefined {
  if (!file) return 'Please choose a pitch deck file';
  if (!/\.(pdf|pptx?)$/i.test(file.name)) return 'Please upload a PDF or PowerPoint file';
  if (file.size >= MAX_DECK_BYTES) return 'File size must be less than 10MB';
  return undefined;
}

interface Errors {
  companyName?: string;
  file?: string;
}

/**
 * 'Upload Deck & Score' (spec section 2): Company Name and Pitch Deck required, Stage and
 * Sector optional. The deal is created at once (202) and scored in the background; the
 * dashboard follows its scoring.
 */
export function UploadDealDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const upload = useUploadDeal();
  const toast = useToast();
  const [companyName, setCompanyName] = useState('');
  const [stage, setStage] = useState('');
  const [sector, setSector] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setCompanyName('');
    setStage('');
    setSector('');
    setFile(null);
    setErrors({});
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      ...(companyName.trim() ? {} : { companyName: 'Company name is required' }),
      ...(checkFile(file) ? { file: checkFile(file) } : {}),
    };
    setErrors(next);
    if (next.companyName || next.file || !file) return;
    try {
      await upload.mutateAsync({ companyName: companyName.trim(), stage, sector: sector.trim(), file });
      reset();
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Upload failed. Please try again.'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (upload.isPending) return;
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Upload Deck & Score"
      description="Add a startup by its pitch deck: it is read and scored under your fund's weights."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field label="Company Name" required error={errors.companyName}>
          {(ids) => (
            <Input
              {...ids}
              value={companyName}
              onChange={(e) => setCompanyName(e.target.value)}
              maxLength={200}
              autoComplete="off"
              required
              aria-required="true"
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Stage">
            {(ids) => (
              <Select {...ids} value={stage} onChange={(e) => setStage(e.target.value)}>
                <option value="">Select stage</option>
                {STAGES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Sector">
            {(ids) => <Input {...ids} value={sector} onChange={(e) => setSector(e.target.value)} maxLength={200} placeholder="e.g. Fintech" />}
          </Field>
        </div>
        <Field label="Pitch Deck" required error={errors.file} hint="PDF or PowerPoint (.pdf, .ppt, .pptx), less than 10MB">
          {(ids) => (
            <input
              {...ids}
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              required
              aria-required="true"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setErrors((prev) => ({ ...prev, file: chosen ? checkFile(chosen) : undefined }));
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="secondary"
            disabled={upload.isPending}
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? 'Scoring...' : 'Upload & Score'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
