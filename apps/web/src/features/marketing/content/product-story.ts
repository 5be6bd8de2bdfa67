import {
  BarChart3,
  Bell,
  Brain,
  Building2,
  Download,
  FileCheck2,
  FileSearch,
  FileUp,
  Gauge,
  Inbox,
  KeyRound,
  LineChart,
  ListChecks,
  Lock,
  Scale,
  Share2,
  ShieldCheck,
  SlidersHorizontal,
  Target,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** A titled point with an icon: steps, benefits, security measures. */
export interface StoryItem {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** A product feature; `plan` names the paid plan it needs, `highlight` puts it on the landing page. */
export interface FeatureItem extends StoryItem {
  plan?: string;
  highlight?: boolean;
}

export const HOW_IT_WORKS_STEPS: readonly StoryItem[] = [
  {
    title: 'Upload your deck',
    text: 'Fill in your company profile and upload your deck as PDF or PowerPoint, up to 10 MB.',
    icon: FileUp,
  },
  {
    title: 'AI analysis',
    text: 'Every slide is read, image-only slides included, and the facts investors look for are found: market, traction, team, the ask.',
    icon: Brain,
  },
  {
    title: 'Get your FitScore',
    text: 'A score from 0 to 100 with nine sub-scores, the slides each rests on, your strengths and the three changes worth most.',
    icon: Gauge,
  },
  {
    title: 'Find matches',
    text: 'See funded companies like yours and the funds whose thesis fits your stage, sector and round.',
    icon: Target,
  },
];

export const FOUNDER_BENEFITS: readonly StoryItem[] = [
  {
    title: 'Fix the gaps before investors see them',
    text: 'Each Do-Next names the missing slide or metric and how many points adding it is worth.',
    icon: ListChecks,
  },
  {
    title: 'Judged against your stage',
    text: 'Benchmarks change with your round, so a Pre-seed deck is not held to Series A numbers.',
    icon: Scale,
  },
  {
    title: 'Evidence, not a black box',
    text: 'Every sub-score shows the slides and figures it was read from and the rule that applied.',
    icon: FileSearch,
  },
];

export const FOUNDER_FEATURES: readonly FeatureItem[] = [
  {
    title: 'FitScore with nine sub-scores',
    text: 'Team, market, problem and solution, traction, product, business model, financials, go-to-market and risks, each from 1 to 10.',
    icon: Gauge,
    highlight: true,
  },
  {
    title: 'Top 3 Do-Next',
    text: 'The three changes that would raise your score most, tied to your weakest dimensions.',
    icon: ListChecks,
    highlight: true,
  },
  {
    title: 'Investor matches',
    text: 'Funds on FitScore ranked by fit with your sector, stage, geography and round size.',
    icon: Target,
    plan: 'Premium',
    highlight: true,
  },
  {
    title: 'Financial dashboard',
    text: 'Track MRR, growth, CAC, burn and runway over time from the updates you record.',
    icon: LineChart,
    plan: 'Premium',
  },
  {
    title: 'Similar companies',
    text: 'Funded companies like yours, with their last round, amount and investors.',
    icon: Building2,
    plan: 'Premium',
  },
  {
    title: 'Report and share links',
    text: 'Download your FitScore as a PDF, or share a read-only link you can revoke at any time.',
    icon: Share2,
  },
];

export const VC_FEATURES: readonly FeatureItem[] = [
  {
    title: 'Intake from every channel',
    text: 'A public apply form, forwarded email and a signed webhook all land in one pipeline, already scored.',
    icon: Inbox,
    highlight: true,
  },
  {
    title: 'Your thesis, your weights',
    text: 'Set how much each dimension counts; every deal is re-ranked by fit with your fund.',
    icon: SlidersHorizontal,
    highlight: true,
  },
  {
    title: 'Hot, Track, Cold triage',
    text: 'Search, filter and triage with one click or one key, and see why each deal scored as it did.',
    icon: BarChart3,
    highlight: true,
  },
  {
    title: 'Team collaboration',
    text: 'Invite partners and analysts, assign deals, and keep comments and history on each deal.',
    icon: Users,
    plan: 'VCs Pro',
  },
  {
    title: 'Match alerts and warm intros',
    text: 'Be told when a company fits your thesis, and when a founder asks for an introduction.',
    icon: Bell,
  },
  {
    title: 'CSV exports',
    text: 'Export the pipeline as you filtered it, safe to open in any spreadsheet.',
    icon: Download,
    plan: 'VCs Pro',
  },
];

export const SECURITY_POINTS: readonly StoryItem[] = [
  {
    title: 'Argon2id-hashed passwords',
    text: 'Passwords are stored only as argon2id hashes, never in a form anyone can read back.',
    icon: KeyRound,
  },
  {
    title: 'Revocable sessions',
    text: 'Each sign-in is its own random token, stored hashed; end any session from your settings.',
    icon: Lock,
  },
  {
    title: 'Content-checked uploads',
    text: 'Files are checked by what they contain, not their name; disguised or malformed files are refused.',
    icon: FileCheck2,
  },
  {
    title: 'Role checks on every call',
    text: 'The server checks who you are and what you own on every request, not just the screen.',
    icon: ShieldCheck,
  },
];
