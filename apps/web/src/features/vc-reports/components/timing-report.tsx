import type { FundReport } from '@fitscore/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { daysLabel, deals, monthLabel } from '../lib/format';
import { ChartCard, LEGEND_STYLE } from './chart-card';

const REVIEW = { label: 'Median days to first review', color: '#0ea5e9' };
const DECISION = { label: 'Median days to a decision', color: '#f59e0b' };

/** Median days from receipt to the first review and to a decision, overall and per month received. */
export function TimingReport({ report }: { report: FundReport }) {
  const { firstReview, decision, months } = report.timing;
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    review: m.firstReview.medianDays,
    decision: m.decision.medianDays,
  }));
  return (
    <ChartCard
      id="time-to-review-and-decision"
      title="Time to first review and to a decision"
      description="Median days from receiving a deal to its first Mark as Reviewed, and to its first move from New to Hot, Track or Cold, by month received."
      summary={`Median ${daysLabel(firstReview.medianDays)} to first review over ${deals(firstReview.count)}, ${daysLabel(decision.medianDays)} to a decision over ${deals(decision.count)}`}
      period={report.period}
      legend={[REVIEW, DECISION]}
      table={{
        header: [
          'Month received',
          'Median days to first review',
          'Deals reviewed',
          'Median days to a decision',
          'Deals decided',
        ],
        rows: [
          ...months.map((m) => [
            m.month,
            m.firstReview.medianDays,
            m.firstReview.count,
            m.decision.medianDays,
            m.decision.count,
          ]),
          ['Whole period', firstReview.medianDays, firstReview.count, decision.medianDays, decision.count],
        ],
      }}
      footer={
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-500">First review</dt>
            <dd className="font-semibold text-slate-900">
              {daysLabel(firstReview.medianDays)}{' '}
              <span className="font-normal text-slate-500">({firstReview.count} reviewed)</span>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Decision</dt>
            <dd className="font-semibold text-slate-900">
              {daysLabel(decision.medianDays)}{' '}
              <span className="font-normal text-slate-500">({decision.count} decided)</span>
            </dd>
          </div>
        </dl>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis tick={{ fontSize: 11 }} width={40} />
          <Tooltip formatter={(value) => daysLabel(typeof value === 'number' ? value : null)} />
          <Legend iconSize={10} wrapperStyle={LEGEND_STYLE} />
          <Line
            type="monotone"
            dataKey="review"
            name={REVIEW.label}
            stroke={REVIEW.color}
            strokeWidth={2}
            connectNulls
            dot
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="decision"
            name={DECISION.label}
            stroke={DECISION.color}
            strokeWidth={2}
            connectNulls
            dot
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
