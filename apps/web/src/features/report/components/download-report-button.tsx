import { buildPath, reportEndpoints, reportFilename } from '@fitscore/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { apiUrl, authHeader, readError, errorMessage } from '@/lib/api-client';

const FAILED = 'Could not download the report. Please try again.';

/** The name the server gave the file (Content-Disposition), preferring its UTF-8 form. */
function filenameFrom(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Download PDF': the server renders the founder's latest FitScore report; the file keeps its name. */
export function DownloadReportButton({ variant = 'secondary', size, className }: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function download() {
    setBusy(true);
    try {
      let response: Response;
      try {
        response = await fetch(apiUrl(buildPath(reportEndpoints.download.path)), { headers: authHeader() });
      } catch {
        throw new Error('Cannot reach the FitScore server. Check your connection and try again.');
      }
      if (!response.ok) throw await readError(response, FAILED);
      const blob = await response.blob();
      save(blob, filenameFrom(response.headers.get('content-disposition')) ?? reportFilename(null));
    } catch (err) {
      toast.error(errorMessage(err, FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={variant} size={size} className={className} onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner className="scale-75" label="Preparing the report" /> : <Download className="h-4 w-4" aria-hidden="true" />}
      {busy ? 'Preparing...' : 'Download PDF'}
    </Button>
  );
}
