import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';

/**
 * 'Export CSV' for any download: busy while the file streams, the success toast only once it
 * arrived, the server's reason (or `failed`) when it did not.
 */
export function ExportButton({ download, done, failed, label = 'Export CSV' }: { download: () => Promise<unknown>; done: string; failed: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function run() {
    setBusy(true);
    try {
      await download();
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, failed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner className="scale-75" label="Exporting" /> : <Download className="h-4 w-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}
