import { Link } from 'react-router';
import { Container } from '@/components/layout/page';
import { CopyField } from '@/components/ui/copy-field';
import { API_URL } from '@/config/env';
import { paths } from '@/config/paths';
import { sampleDeckUrl, webhookCurl } from '@/features/vc-intake/lib/webhook-example';

const EXAMPLE_URL = `${API_URL}/api/intake/webhook/your-fund-slug`;

const FIELDS: [string, string, string][] = [
  ['company_name', 'yes', 'Up to 200 characters.'],
  ['deck_base64, deck_filename', 'yes', 'The deck’s bytes in base64 and its file name (.pdf, .ppt or .pptx), under 10 MB once decoded.'],
  ['website, stage, sector, geography', 'no', 'Free text. The website is used to spot a company that is already in your pipeline.'],
  ['one_liner', 'no', 'Up to 140 characters.'],
  ['contact_email', 'no', 'The deal’s contact.'],
];

const ANSWERS: [string, string][] = [
  ['200', 'Stored: the deal is made (or added to the same company’s deal) and scored right after. The body has a reference (FS-…).'],
  ['200 (same reference)', 'The same webhook-id again: nothing new is created.'],
  ['400', 'A field is missing or not valid, or there is no deck.'],
  ['401', 'The signature is missing, wrong, or more than 5 minutes old.'],
  ['402', 'The fund’s trial has no score left.'],
  ['413', 'The body or the deck is too large.'],
  ['415', 'The deck is not a PDF or PowerPoint file.'],
  ['429', 'Too many requests a minute for the fund or from the sender.'],
];

/** /docs/webhooks: public, how another system signs and sends a deal to a fund's webhook. */
export default function DocsWebhooksPage() {
  return (
    <div className="bg-white">
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Docs</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Send deals by webhook</h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">
            Another system (a CRM, a form tool, a scout’s app) can put a deal with its deck into your fund’s pipeline with one
            signed HTTP request. It is scored like every other deal.
          </p>
        </Container>
      </div>
      <Container className="max-w-4xl space-y-12 py-12 text-[15px] leading-7 text-slate-700 sm:py-16">
        <section aria-labelledby="setup" className="space-y-3">
          <h2 id="setup" className="text-xl font-semibold text-slate-900">
            1. Get your URL and secret
          </h2>
          <p>
            In <strong>Settings → Intake Sources</strong>, a fund admin creates the webhook secret (<code>whsec_…</code>). It
            is shown once: keep it in the sending system. Creating it again rotates it, and the old one stops working at once.
            The webhook URL is shown beside it.
          </p>
        </section>
        <section aria-labelledby="request" className="space-y-3">
          <h2 id="request" className="text-xl font-semibold text-slate-900">
            2. The request
          </h2>
          <p>
            <code>POST</code> your webhook URL with <code>Content-Type: application/json</code> and these fields (or{' '}
            <code>multipart/form-data</code> with the same names and the deck in a file field <code>file</code>):
          </p>
          <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
            <table className="w-full table-fixed text-left text-sm">
              <colgroup>
                <col className="w-[38%]" />
                <col className="w-[18%] sm:w-[12%]" />
                <col />
              </colgroup>
              <thead className="bg-slate-50 text-slate-900">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Field</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Required</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Notes</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {FIELDS.map(([field, required, notes]) => (
                  <tr key={field}>
                    <td className="px-3 py-2 align-top font-mono text-xs break-words">{field}</td>
                    <td className="px-3 py-2 align-top">{required}</td>
                    <td className="px-3 py-2 align-top">{notes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section aria-labelledby="signing" className="space-y-3">
          <h2 id="signing" className="text-xl font-semibold text-slate-900">
            3. Sign it
          </h2>
          <p>
            Every request is signed as the <a className="font-medium text-brand-700 underline" href="https://www.standardwebhooks.com/">Standard Webhooks</a>{' '}
            specification says, so nobody else can add deals to your pipeline. Three headers:
          </p>
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <code>webhook-id</code>: a unique id for the delivery (<code>msg_…</code>). Send the same id when you retry the
              same deal: nothing is created twice.
            </li>
            <li>
              <code>webhook-timestamp</code>: now, in whole seconds since 1970 (UTC). Requests more than 5 minutes off are refused.
            </li>
            <li>
              <code>webhook-signature</code>: <code>v1,</code> then the base64 HMAC-SHA256 of{' '}
              <code>{'{webhook-id}.{webhook-timestamp}.{body}'}</code>, keyed with the base64-decoded part of the secret after{' '}
              <code>whsec_</code>. The body is the exact bytes you send.
            </li>
          </ul>
          <p>Any Standard Webhooks library (the <code>standardwebhooks</code> package for Node, Python, Go…) signs a JSON body correctly.</p>
        </section>
        <section aria-labelledby="try" className="space-y-3">
          <h2 id="try" className="text-xl font-semibold text-slate-900">
            4. Try it from your shell
          </h2>
          <p>
            Put your secret and your webhook URL in the first two lines, paste the rest as it is. It sends our{' '}
            <a className="font-medium text-brand-700 underline" href={sampleDeckUrl(EXAMPLE_URL)}>sample pitch deck</a> (a
            made-up company) as a new deal; you can delete it from your pipeline afterwards. Needs bash, curl, openssl and base64.
          </p>
          <CopyField label="Example request" value={webhookCurl(EXAMPLE_URL, 'whsec_your-secret')} copiedMessage="Example copied to clipboard" multiline />
        </section>
        <section aria-labelledby="answers" className="space-y-3">
          <h2 id="answers" className="text-xl font-semibold text-slate-900">
            5. Answers
          </h2>
          <dl className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
            {ANSWERS.map(([status, meaning]) => (
              <div key={status} className="grid gap-1 px-3 py-2 sm:grid-cols-[12rem_1fr]">
                <dt className="font-mono text-sm font-semibold text-slate-900">{status}</dt>
                <dd className="text-sm">{meaning}</dd>
              </div>
            ))}
          </dl>
          <p>
            What happened to each request (made, merged, refused and why) is in the intake log under Settings → Intake Sources.{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.signin}>Sign in</Link> to see yours.
          </p>
        </section>
      </Container>
    </div>
  );
}
