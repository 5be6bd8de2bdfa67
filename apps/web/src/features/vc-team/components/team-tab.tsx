import type { FundPlanId } from '@fitscore/contracts';
import { QueryState } from '@/components/layout/query-state';
import { useTeam } from '../api/team';
import { TeamPanel } from './team-panel';

/** The Team tab of the investor settings: loads the team, then the panel. */
export function TeamTab({ myId, plan }: { myId: string | undefined; plan: FundPlanId | undefined }) {
  const team = useTeam();
  return (
    <QueryState query={team} label="Loading your team">
      {(data) => <TeamPanel team={data} myId={myId} plan={plan} />}
    </QueryState>
  );
}
