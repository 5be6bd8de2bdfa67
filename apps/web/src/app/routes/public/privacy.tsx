import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LegalDocument, MailLink, type LegalSection } from '@/features/marketing/components/legal-document';
import { CONTACT_EMAILS, POLICIES_UPDATED } from '@/features/marketing/content/contacts';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        FitScore (“FitScore”, “we”, “us”) runs the FitScore web app and API, which give founders an investor-fit score
        for their company and help venture funds receive, score and triage deals. We are responsible for the personal
        data described here. Questions go to <MailLink address={CONTACT_EMAILS.privacy} />.
      </p>
    ),
  },
  {
    id: 'data-we-hold',
    title: 'What data we hold',
    body: (
      <>
        <p>We hold only what the service needs:</p>
        <ul>
          <li>
            <strong>Account:</strong> your name, email address, account type (Founder or Investor (VC)), a hash of your
            password, and your active sessions (when they started, and the browser and IP address they came from).
          </li>
          <li>
            <strong>Company profile:</strong> what founders enter about their company, such as stage, sector, round,
            metrics, and the names and LinkedIn addresses of the founders.
          </li>
          <li>
            <strong>Decks:</strong> the files you upload, every version we keep, and the text we read from them
            (including text read from images of slides).
          </li>
          <li>
            <strong>Scores:</strong> each FitScore, its sub-scores, the evidence it rests on, recommendations, and the
            engine version that produced it.
          </li>
          <li>
            <strong>Fund data:</strong> for investors, the fund profile, scoring weights, intake settings, team members,
            deals received, statuses and comments.
          </li>
          <li>
            <strong>Contact requests:</strong> the name, email, company and message you send through Contact Sales.
          </li>
          <li>
            <strong>Service logs:</strong> technical records of requests, kept to run and secure the service.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-decks-are-used',
    title: 'How your deck is used',
    body: (
      <>
        <p>
          A founder's deck is used <strong>only to score it</strong>: to read its content, compute your FitScore and
          show you the analysis and recommendations. We do not sell decks, use them for advertising, or show them to
          other founders.
        </p>
        <p>
          <strong>Your deck and score are never shared with an investor without your action.</strong> A fund sees them
          only when you apply to that fund, ask a matched fund for an introduction, or send someone a share link you
          created. You can revoke a share link at any time.
        </p>
        <p>
          When a founder sends a deck to a fund through the fund's apply form, email address or webhook, that deck is
          delivered to that fund's team, scored with the fund's settings, and handled by the fund as a recipient of the
          founder's pitch.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use data',
    body: (
      <ul>
        <li>To provide the service: accounts, scoring, matches, pipelines, notifications, exports and reports.</li>
        <li>To keep it secure: authentication, rate limits, abuse prevention and investigating incidents.</li>
        <li>To bill paid plans and to answer support and sales requests.</li>
        <li>To tell you about changes to your account, plan or these policies.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>
          We do not sell personal data. Besides funds you choose to reach, we share data only with providers that host
          and run the service for us (such as hosting, storage, email and payment providers), under contracts that limit
          them to that work; when the law requires it; or as part of a merger or sale of FitScore, in which case this
          policy continues to apply to your data.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Retention and deletion',
    body: (
      <>
        <ul>
          <li>We keep account, profile, decks and scores while your account is open.</li>
          <li>
            You can delete a deck version or start a new upload at any time. The free plan keeps your three most recent
            deck versions.
          </li>
          <li>
            To close your account, email <MailLink address={CONTACT_EMAILS.privacy} /> from the address on the account.
            We delete the account, its profile, decks and scores within 30 days; copies in backups expire within a
            further 90 days.
          </li>
          <li>Contact Sales requests are kept for up to 24 months. Service logs are kept for up to 90 days.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <ul>
        <li>Passwords are stored only as argon2id hashes.</li>
        <li>
          Each sign-in is a separate session whose token we store only in hashed form; you can end sessions, and a
          password change ends the others.
        </li>
        <li>
          Uploads are checked by their content, not their file name, and malformed or disguised files are refused.
        </li>
        <li>Every call to our API checks who is signed in and what their role allows.</li>
        <li>
          Data travels over encrypted connections. Access by our staff is limited to what support and operations need.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can ask to see, correct, export or delete your personal data, or object to how we use it. Email{' '}
        <MailLink address={CONTACT_EMAILS.privacy} /> and we will answer within 30 days. Depending on where you live,
        you may also complain to your data protection authority.
      </p>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    body: (
      <p>
        The app keeps your session token and a cache of your progress in your browser's local storage so you stay signed
        in. We do not use advertising cookies or third-party trackers.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will tell you by email or in the app before the change takes
        effect. See also our <Link to={paths.terms}>Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Privacy questions and requests: <MailLink address={CONTACT_EMAILS.privacy} />. Everything else: see{' '}
        <Link to={paths.contact}>Contact</Link>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <>
      <title>Privacy Policy · FitScore</title>
      <LegalDocument
        title="Privacy Policy"
        updated={POLICIES_UPDATED}
        summary={
          <p>
            In short: we hold your account, company profile, decks and scores to run FitScore. Decks are used only to
            score them, and never reach an investor unless you send them.
          </p>
        }
        sections={SECTIONS}
      />
    </>
  );
}
