import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type DealImport, type ImportField, type ImportMapping } from '@fitscore/contracts';
import { FileUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportButton } from '@/components/ui/export-button';
import { Field, Input, Select } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { downloadImportReport, useCurrentImport, useImportPreview, useStartImport, useUploadImport } from '../api/imports';

const number = new Intl.NumberFormat('en-US');
const rows = (n: number) => plural(n, 'row', { format: number.format });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Import deals: upload → map the columns (with a preview) → the import's progress → its report. */
export function ImportDeals() {
  const current = useCurrentImport();
  const [fresh, setFresh] = useState(false);
  if (current.isPending) return <Spinner label="Loading" />;
  if (current.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(current.error, 'Could not load your import')}</p>;
  const imp = current.data.import;
  const running = imp?.status === 'queued' || imp?.status === 'running';
  if (!imp || (fresh && !running)) return <UploadStep onUploaded={() => setFresh(false)} />;
  if (imp.status === 'mapping') return <MappingStep imp={imp} onAnother={() => setFresh(true)} />;
  if (imp.status === 'queued' || imp.status === 'running') return <ProgressStep imp={imp} />;
  return <ReportStep imp={imp} onAnother={() => setFresh(true)} />;
}

function UploadStep({ onUploaded }: { onUploaded: () => void }) {
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (file) upload.mutate(file, { onSuccess: onUploaded });
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a CSV</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4">
          <p className="text-sm text-slate-600">
            An export from Affinity, Airtable, Dealum, a CRM or a spreadsheet: one row per company, with a header row. You
            choose what each column is on the next step. Up to 50,000 rows and 20 MB.
          </p>
          <Field label="CSV file" required error={upload.isError ? errorMessage(upload.error, 'Could not read this file.') : undefined}>
            {(ids) => <Input {...ids} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
          </Field>
          <Button type="submit" disabled={!file || upload.isPending} aria-busy={upload.isPending}>
            {upload.isPending ? <Spinner className="scale-75" label="Uploading" /> : <FileUp className="h-4 w-4" aria-hidden="true" />}
            Upload and map columns
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function MappingStep({ imp, onAnother }: { imp: DealImport; onAnother: () => void }) {
  const [mapping, setMapping] = useState<ImportMapping>(imp.mapping);
  const preview = useImportPreview(imp.id, mapping);
  const start = useStartImport();
  const choose = (field: ImportField, value: string) => setMapping((m) => ({ ...m, [field]: value === '' ? undefined : Number(value) }));
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Map the columns</CardTitle>
          <span className="text-sm text-slate-600">
            {imp.filename} · {rows(imp.totalRows)}
          </span>
        </CardHeader>
        <CardBody>
          <p className="mb-4 text-sm text-slate-600">
            Suggested from the header names. Owners are matched to your fund&apos;s members by email or name; stages to
            your own stages by name. Notes become comments; a deck URL is fetched and scored.
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {IMPORT_FIELDS.map((field) => (
              <Field key={field} label={IMPORT_FIELD_LABELS[field]} required={field === 'company'}>
                {(ids) => (
                  <Select {...ids} value={mapping[field] ?? ''} onChange={(e) => choose(field, e.target.value)}>
                    <option value="">Not imported</option>
                    {imp.columns.map((name, i) => (
                      <option key={i} value={i}>
                        {name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ))}
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <span className="text-sm text-slate-600">The first rows as they will be imported</span>
        </CardHeader>
        <CardBody>
          {mapping.company === undefined ? (
            <p role="alert" className="text-sm text-red-700">
              Choose the column that holds the company name.
            </p>
          ) : preview.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(preview.error, 'Could not preview the rows')}
            </p>
          ) : !preview.data ? (
            <Spinner label="Loading the preview" />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[720px] text-left text-sm" aria-label="Preview">
                <thead className="text-xs text-slate-500 uppercase">
                  <tr>
                    <th className="py-2 pr-3">Row</th>
                    <th className="py-2 pr-3">Company</th>
                    <th className="py-2 pr-3">Stage</th>
                    <th className="py-2 pr-3">Owner</th>
                    <th className="py-2 pr-3">Date added</th>
                    <th className="py-2 pr-3">Tags</th>
                    <th className="py-2">What happens</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {preview.data.rows.map((r) => (
                    <tr key={r.row} className="align-top">
                      <td className="py-2 pr-3 text-slate-500">{r.row}</td>
                      <td className="py-2 pr-3 font-medium text-slate-900">{r.company || '—'}</td>
                      <td className="py-2 pr-3">{r.stage}</td>
                      <td className="py-2 pr-3">{r.owner ?? 'Unassigned'}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{r.date ? day.format(new Date(r.date)) : 'Today'}</td>
                      <td className="py-2 pr-3">{r.tags.join(', ')}</td>
                      <td className="py-2 text-slate-600">
                        {r.refusal ? <Badge tone="red">Refused: {r.refusal}</Badge> : r.warnings.length ? r.warnings.join('; ') : 'Imported'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardBody>
      </Card>

      {start.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(start.error, 'Could not start the import.')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => start.mutate({ id: imp.id, mapping })}
          disabled={mapping.company === undefined || start.isPending}
          aria-busy={start.isPending}
        >
          Import {rows(imp.totalRows)}
        </Button>
        <Button variant="secondary" onClick={onAnother}>
          Choose another file
        </Button>
      </div>
    </div>
  );
}

function Counts({ imp }: { imp: DealImport }) {
  const items = [
    ['Imported', imp.imported],
    ['Merged', imp.merged],
    ['Refused', imp.refused],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-slate-50 px-4 py-3">
          <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
          <dd className="text-2xl font-bold text-slate-900">{number.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProgressStep({ imp }: { imp: DealImport }) {
  const pct = imp.totalRows ? (imp.processed / imp.totalRows) * 100 : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Importing {imp.filename}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {number.format(imp.processed)} of {rows(imp.totalRows)}. You can leave this page: the import goes on.
        </p>
        <ProgressBar value={pct} label="Import progress" />
        <Counts imp={imp} />
      </CardBody>
    </Card>
  );
}

function ReportStep({ imp, onAnother }: { imp: DealImport; onAnother: () => void }) {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{imp.status === 'failed' ? 'Import stopped' : 'Import finished'}</CardTitle>
          <span className="text-sm text-slate-600">
            {imp.filename} · {number.format(imp.processed)} of {rows(imp.totalRows)}
          </span>
        </CardHeader>
        <CardBody className="space-y-4">
          {imp.error ? (
            <p role="alert" className="text-sm text-red-700">
              {imp.error}
            </p>
          ) : null}
          <Counts imp={imp} />
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.vc.pipeline}>Go to Pipeline</Link>
            </Button>
            <ExportButton
              label="Download report"
              download={() => downloadImportReport(imp.id)}
              done="Report downloaded"
              failed="Could not download the report. Please try again."
            />
            <Button variant="secondary" onClick={onAnother}>
              Import another file
            </Button>
          </div>
        </CardBody>
      </Card>
      {imp.refusedRows.length ? (
        <Card>
          <CardHeader>
            <CardTitle>Refused rows</CardTitle>
            <span className="text-sm text-slate-600">
              {imp.refused > imp.refusedRows.length ? `The first ${imp.refusedRows.length}; all in the report` : 'With the reason for each'}
            </span>
          </CardHeader>
          <CardBody>
            <table className="w-full text-left text-sm" aria-label="Refused rows">
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th className="py-2 pr-3">Row</th>
                  <th className="py-2 pr-3">Company</th>
                  <th className="py-2">Reason</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {imp.refusedRows.map((r) => (
                  <tr key={r.row}>
                    <td className="py-2 pr-3 text-slate-500">{r.row}</td>
                    <td className="py-2 pr-3">{r.company || '—'}</td>
                    <td className="py-2 text-slate-700">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
