import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { exportDealsCsv } from '../api/export-csv';
import type { PipelineView } from '../lib/filters';

/** Export CSV of what the pipeline shows; the success toast only once the file arrived. */
export function ExportCsvButton({ view }: { view: PipelineView }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function run() {
    setBusy(true);
    try {
      await exportDealsCsv(view);
      toast.success('CSV exported successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not export the CSV. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner className="scale-75" label="Exporting" /> : <Download className="h-4 w-4" aria-hidden="true" />}
      Export CSV
    </Button>
  );
}
