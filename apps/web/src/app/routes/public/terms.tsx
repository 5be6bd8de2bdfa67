import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LegalDocument, MailLink, type LegalSection } from '@/features/marketing/components/legal-document';
import { CONTACT_EMAILS, POLICIES_UPDATED } from '@/features/marketing/content/contacts';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <p>
        These terms are an agreement between you and FitScore (“FitScore”, “we”, “us”) for the use of the FitScore web
        app and API (the “Service”). By creating an account or using the Service you accept them. If you use FitScore
        for a company or a fund, you accept them on its behalf and confirm you may do so. Enterprise customers may have
        a separate order form; where it differs, it prevails.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul>
        <li>
          You must be at least 18 and give accurate information, including your account type: Founder or Investor (VC).
        </li>
        <li>Keep your password secret and tell us at once if you think someone else has used your account.</li>
        <li>You are responsible for what happens under your account, including by team members you invite.</li>
      </ul>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, trials and payment',
    body: (
      <>
        <p>
          Plans and prices are listed on our <Link to={paths.pricing}>pricing page</Link>. The Startups Free plan
          includes 5 scans per month. New fund accounts may score 200 deals on a trial before choosing a plan.
        </p>
        <ul>
          <li>
            Paid plans are billed monthly in advance in US dollars, plus any applicable taxes, through Stripe; invoices are
            Stripe&apos;s. A paid plan starts when Stripe confirms the payment.
          </li>
          <li>
            You can change your card or cancel from Manage Billing (Stripe&apos;s billing portal); a change applies from the
            next billing period unless stated otherwise.
          </li>
          <li>Where a FitScore server takes no payments, its operator sets plans, and no invoice is issued.</li>
          <li>We will give at least 30 days' notice of a price change, and you may cancel before it applies.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep all rights to the decks, profiles, metrics and other content you put into FitScore. You give us
          permission to store, process and analyse that content only to provide the Service to you, and you confirm you
          have the right to upload it.
        </p>
        <p>
          We never share a founder's deck or score with an investor without the founder's action, as described in our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>. Funds that receive decks through FitScore must handle them as
          confidential material entrusted to them by the founder.
        </p>
      </>
    ),
  },
  {
    id: 'not-advice',
    title: 'Scores are guidance, not advice',
    body: (
      <p>
        A FitScore is an automated assessment of the information you provide. It is not investment, legal, tax or
        financial advice, it does not promise that a company will raise money, and it does not replace an investor's own
        judgement and diligence. Funds remain solely responsible for their investment decisions.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>upload malware, or content you have no right to share;</li>
          <li>try to reach data that is not yours, probe or break our security, or get around usage limits;</li>
          <li>scrape, copy or resell the Service, or use it to build a competing product;</li>
          <li>misrepresent who you are, your company, or your fund.</li>
        </ul>
        <p>
          We may suspend an account that breaks these rules, and will tell you why unless the law or security prevents
          it.
        </p>
      </>
    ),
  },
  {
    id: 'service-changes',
    title: 'Availability and changes',
    body: (
      <p>
        We work to keep FitScore available and improve it over time, which means features may change. If we remove
        something material from a paid plan, we will tell you in advance. Service levels, where offered, are set out in
        an Enterprise order form.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending the agreement',
    body: (
      <p>
        You may stop using FitScore and close your account at any time. We may end these terms if you seriously or
        repeatedly break them. After closure we delete your data as described in the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <p>
        The Service is provided “as is” to the extent the law allows. Neither party is liable for indirect or
        consequential losses, and our total liability for any claim is limited to the fees you paid us in the 12 months
        before it arose. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. If a change matters, we will tell you by email or in the app at least 30 days before
        it takes effect; continuing to use FitScore after that means you accept it.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <MailLink address={CONTACT_EMAILS.legal} />. Privacy questions:{' '}
        <MailLink address={CONTACT_EMAILS.privacy} />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <>
      <title>Terms of Service · FitScore</title>
      <LegalDocument
        title="Terms of Service"
        updated={POLICIES_UPDATED}
        summary={
          <p>
            The rules for using FitScore: your content stays yours, scores are guidance rather than advice, and plans
            are billed monthly as shown on our pricing page.
          </p>
        }
        sections={SECTIONS}
      />
    </>
  );
}
