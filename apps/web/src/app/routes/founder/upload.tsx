import { CheckCircle2, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDeckStatus, useUploadDeck } from '@/features/deck-upload/api/deck';
import { checkDeckFile, DeckDropzone } from '@/components/ui/deck-dropzone';
import { useProgress } from '@/features/founder-progress/api/use-progress';
import { StepHeader } from '@/features/founder-progress/components/step-header';
import { errorMessage } from '@/lib/api-client';

function formatBytes(n: number) {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

export default function FounderUploadPage() {
  const progress = useProgress();
  const deck = useDeckStatus();
  const upload = useUploadDeck();
  const toast = useToast();
  const [sent, setSent] = useState<number | null>(null);
  const [replacing, setReplacing] = useState(false);
  const needsProfile = progress.data && !progress.data.profile_complete;

  useEffect(() => {
    if (needsProfile) toast.error('Please complete your profile first');
  }, [needsProfile, toast]);
  if (needsProfile) return <Navigate to={paths.founder.profile} replace />;

  const onFile = async (file: File) => {
    const problem = checkDeckFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSent(0);
    try {
      await upload.mutateAsync({ file, onProgress: setSent });
      setReplacing(false);
      toast.success('Deck uploaded');
    } catch (err) {
      toast.error(errorMessage(err, 'Upload failed. Please try again.'));
    } finally {
      setSent(null);
    }
  };

  return (
    <Container className="max-w-3xl">
      <StepHeader step={2} percent={75} title="Upload your pitch deck" subtitle="We read every slide, including slides that are only images, and never share your deck without your say-so." />
      <QueryState query={deck} label="Loading your deck">
        {(status) =>
          status.deck && !replacing && sent === null ? (
            <Card>
              <CardBody className="flex flex-col items-center gap-5 py-10 text-center">
                <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden="true" />
                <div>
                  <p className="text-sm text-slate-600">Uploaded</p>
                  <p className="mt-1 flex items-center justify-center gap-2 text-lg font-semibold break-all text-slate-900">
                    <FileText className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                    {status.deck.filename}
                  </p>
                  <p className="text-sm text-slate-500">
                    Version {status.deck.version} · {formatBytes(status.deck.sizeBytes)} · {status.deck.format.toUpperCase()}
                  </p>
                </div>
                <div className="flex flex-col gap-3 sm:flex-row">
                  <Button asChild size="lg">
                    <Link to={paths.founder.scoring}>Continue to Scoring</Link>
                  </Button>
                  {/* The next upload becomes the new current version; this one stays in the history. */}
                  <Button variant="secondary" size="lg" onClick={() => setReplacing(true)}>
                    Upload Different File
                  </Button>
                </div>
              </CardBody>
            </Card>
          ) : (
            <div className="space-y-4">
              <DeckDropzone onFile={(f) => void onFile(f)} disabled={sent !== null} />
              {sent !== null ? (
                <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <div className="mb-2 flex justify-between text-sm">
                    <span className="font-medium text-slate-700">{sent < 1 ? 'Uploading…' : 'Checking your deck…'}</span>
                    <span className="text-slate-600">{Math.round(sent * 100)}%</span>
                  </div>
                  <ProgressBar value={sent * 100} label="Upload progress" />
                </div>
              ) : null}
            </div>
          )
        }
      </QueryState>
    </Container>
  );
}
