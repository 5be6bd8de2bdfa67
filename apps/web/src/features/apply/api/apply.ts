import { buildPath, intakeEndpoints, type ApplyFields } from '@fitscore/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiUrl, callEndpoint } from '@/lib/api-client';
import { postFormWithProgress } from '@/lib/upload-with-progress';
import { queryKeys } from '@/lib/query-keys';

const ReceiptSchema = intakeEndpoints.apply.response;

/** The fund a public apply page is for; 404 (unknown) and 410 (form off) come back as errors with the server's text. */
export function useApplyFund(slug: string) {
  return useQuery({
    queryKey: queryKeys.apply(slug),
    queryFn: ({ signal }) => callEndpoint(intakeEndpoints.applyFund, { params: { slug }, signal }, 'Could not load this application form'),
    retry: false,
  });
}

/** Sends the application and its deck; `onProgress` follows the bytes actually sent. */
export function submitApplication(slug: string, fields: ApplyFields, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  form.append('file', file);
  return postFormWithProgress({
    url: apiUrl(buildPath(intakeEndpoints.apply.path, { slug })),
    form,
    parse: (body) => ReceiptSchema.parse(body),
    onProgress,
    fallbackError: 'Upload failed. Please try again.',
  });
}
