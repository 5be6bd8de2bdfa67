import type { CompanyCsvRow } from './companies-csv.ts';

/**
 * Demo data for `npm run seed:sample-companies`: well-known startups and an early round each
 * of them announced publicly (amounts and lead investors as reported at the time). Stored with
 * source 'sample' and shown with a 'Sample data' badge; never loaded unless asked for.
 * `stage` is the company's stage at that round, so it compares with a founder raising now.
 */
export const SAMPLE_COMPANIES: CompanyCsvRow[] = [
  row('Airbnb', 'Marketplace', 'Series A', 'Marketplace', 'Online marketplace for booking short-term stays in people’s homes', 'Series A', 7_200_000, ['Greylock Partners', 'Sequoia Capital'], 'https://www.airbnb.com', '2010-11-01'),
  row('Uber', 'Marketplace', 'Series A', 'Marketplace', 'On-demand ride-hailing app connecting riders with drivers', 'Series A', 11_000_000, ['Benchmark'], 'https://www.uber.com', '2011-02-01'),
  row('DoorDash', 'Logistics', 'Series A', 'Marketplace', 'On-demand delivery of food from local restaurants', 'Series A', 17_300_000, ['Kleiner Perkins'], 'https://www.doordash.com', '2014-03-01'),
  row('Instacart', 'E-commerce', 'Series A', 'Marketplace', 'Same-day grocery delivery from local stores by personal shoppers', 'Series A', 8_500_000, ['Sequoia Capital'], 'https://www.instacart.com', '2013-07-01'),
  row('Warby Parker', 'E-commerce', 'Series A', 'B2C', 'Direct-to-consumer prescription eyewear sold online', 'Series A', 12_000_000, ['First Round Capital', 'Tiger Global Management'], 'https://www.warbyparker.com', '2011-10-01'),
  row('Gumroad', 'E-commerce', 'Series A', 'B2C', 'Platform for creators to sell digital products directly to their audience', 'Series A', 7_000_000, ['Kleiner Perkins'], 'https://gumroad.com', '2012-05-01'),
  row('Stripe', 'Fintech', 'Series A', 'B2B', 'Developer APIs for accepting online payments in a few lines of code', 'Series A', 18_000_000, ['Sequoia Capital'], 'https://stripe.com', '2012-02-01'),
  row('Plaid', 'Fintech', 'Series A', 'B2B', 'API that connects financial apps to users’ bank accounts', 'Series A', 12_500_000, ['Spark Capital'], 'https://plaid.com', '2014-09-01'),
  row('Robinhood', 'Fintech', 'Series A', 'B2C', 'Commission-free stock trading app for retail investors', 'Series A', 13_000_000, ['Index Ventures'], 'https://robinhood.com', '2014-09-01'),
  row('TransferWise (Wise)', 'Fintech', 'Series A', 'B2C', 'Low-cost international money transfers at the real exchange rate', 'Series A', 6_000_000, ['Index Ventures'], 'https://wise.com', '2013-04-01'),
  row('Lemonade', 'Fintech', 'Seed', 'B2C', 'Renters and home insurance sold through an app, with claims handled by AI', 'Seed', 13_000_000, ['Sequoia Capital', 'Aleph'], 'https://www.lemonade.com', '2015-12-01'),
  row('Coinbase', 'Crypto/Web3', 'Series A', 'B2C', 'Consumer bitcoin wallet and exchange', 'Series A', 5_000_000, ['Union Square Ventures'], 'https://www.coinbase.com', '2013-05-01'),
  row('Dropbox', 'SaaS', 'Series A', 'PLG', 'File sync and sharing across computers and phones', 'Series A', 6_000_000, ['Sequoia Capital', 'Accel'], 'https://www.dropbox.com', '2008-10-01'),
  row('Figma', 'SaaS', 'Series A', 'PLG', 'Collaborative interface design tool that runs in the browser', 'Series A', 14_000_000, ['Greylock Partners'], 'https://www.figma.com', '2015-12-01'),
  row('Airtable', 'SaaS', 'Series A', 'PLG', 'Spreadsheet-database hybrid for building collaborative apps without code', 'Series A', 7_700_000, ['CRV'], 'https://www.airtable.com', '2015-05-01'),
  row('Zapier', 'SaaS', 'Seed', 'PLG', 'No-code automation that connects web apps and moves data between them', 'Seed', 1_300_000, ['Bessemer Venture Partners'], 'https://zapier.com', '2012-10-01'),
  row('Linear', 'SaaS', 'Series A', 'PLG', 'Issue tracking and project planning for software teams', 'Series A', 13_000_000, ['Sequoia Capital'], 'https://linear.app', '2020-12-01'),
  row('Gusto (ZenPayroll)', 'SaaS', 'Series A', 'B2B', 'Online payroll, benefits and HR for small businesses', 'Series A', 20_000_000, ['Google Ventures'], 'https://gusto.com', '2014-04-01'),
  row('Deel', 'Enterprise Software', 'Series A', 'B2B', 'Global payroll and compliance for hiring remote teams in any country', 'Series A', 14_000_000, ['Andreessen Horowitz'], 'https://www.deel.com', '2020-05-01'),
  row('Snowflake', 'Enterprise Software', 'Series A', 'B2B', 'Cloud data warehouse that separates storage from compute', 'Series A', 5_000_000, ['Sutter Hill Ventures'], 'https://www.snowflake.com', '2012-08-01'),
  row('GitHub', 'DevTools', 'Series A', 'PLG', 'Git hosting and collaboration for software developers', 'Series A', 100_000_000, ['Andreessen Horowitz'], 'https://github.com', '2012-07-01'),
  row('GitLab', 'DevTools', 'Series A', 'PLG', 'Open-source DevOps platform: code hosting, CI/CD and issue tracking', 'Series A', 4_000_000, ['Khosla Ventures'], 'https://about.gitlab.com', '2015-09-01'),
  row('Vercel', 'DevTools', 'Series A', 'PLG', 'Frontend cloud for deploying web apps, from the creators of Next.js', 'Series A', 21_000_000, ['Accel'], 'https://vercel.com', '2020-04-01'),
  row('Supabase', 'DevTools', 'Series A', 'PLG', 'Open-source backend built on Postgres: database, auth and storage', 'Series A', 30_000_000, ['Coatue'], 'https://supabase.com', '2021-09-01'),
  row('Datadog', 'DevTools', 'Series A', 'B2B', 'Monitoring and analytics for cloud infrastructure and applications', 'Series A', 6_200_000, ['Index Ventures', 'RTP Ventures'], 'https://www.datadoghq.com', '2012-01-01'),
  row('Hugging Face', 'AI/ML', 'Series A', 'PLG', 'Hub of open-source machine learning models, datasets and tools', 'Series A', 15_000_000, ['Lux Capital'], 'https://huggingface.co', '2019-12-01'),
  row('Anthropic', 'AI/ML', 'Series A', 'B2B', 'AI safety and research company building large language models', 'Series A', 124_000_000, ['Jaan Tallinn'], 'https://www.anthropic.com', '2021-05-01'),
  row('Mistral AI', 'AI/ML', 'Seed', 'B2B', 'Open-weight large language models for developers and enterprises', 'Seed', 105_000_000, ['Lightspeed Venture Partners'], 'https://mistral.ai', '2023-06-01', 'EUR'),
  row('Duolingo', 'EdTech', 'Series A', 'B2C', 'Free language-learning app with gamified lessons', 'Series A', 3_300_000, ['Union Square Ventures'], 'https://www.duolingo.com', '2011-09-01'),
  row('Coursera', 'EdTech', 'Series A', 'B2C', 'Online courses from top universities, open to anyone', 'Series A', 16_000_000, ['Kleiner Perkins', 'NEA'], 'https://www.coursera.org', '2012-04-01'),
  row('Instagram', 'Consumer', 'Series A', 'B2C', 'Mobile photo-sharing app with filters and a social feed', 'Series A', 7_000_000, ['Benchmark'], 'https://www.instagram.com', '2011-02-01'),
  row('Flexport', 'Logistics', 'Series A', 'B2B', 'Digital freight forwarder and customs broker for global trade', 'Series A', 20_000_000, ['Founders Fund'], 'https://www.flexport.com', '2015-06-01'),
];

function row(
  name: string,
  sector: CompanyCsvRow['sector'],
  stage: CompanyCsvRow['stage'],
  businessModel: CompanyCsvRow['business_model'],
  description: string,
  lastRound: CompanyCsvRow['last_round'],
  amount: number,
  investors: string[],
  link: string,
  raisedAt: string,
  currency = 'USD',
): CompanyCsvRow {
  return {
    name,
    sector,
    stage,
    business_model: businessModel,
    description,
    last_round: lastRound,
    amount,
    currency,
    investors,
    link,
    raised_at: raisedAt,
  };
}
