import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The FitScore report: a PDF the server renders from the founder's latest score. */

/** `FitScore-<Startup>.pdf`, with the name reduced to letters, digits and dashes. */
export function reportFilename(startupName: string | null | undefined): string {
  const slug = (startupName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `FitScore-${slug || 'Report'}.pdf`;
}

export const reportEndpoints = {
  download: defineEndpoint({
    method: 'GET',
    path: '/founder/report/',
    access: 'founder',
    summary:
      'The latest FitScore as a PDF report (application/pdf, Content-Disposition attachment). 404 before the first score.',
    tags: ['report'],
    binary: { contentType: 'application/pdf' },
    response: z.any().describe('The PDF file'),
  }),
} as const;
