import { useAuth } from '@/features/auth/auth-provider';
import { useTeam } from '@/features/vc-team/api/team';

/**
 * The signed-in investor's role in their fund, for screens whose changes only admins may make
 * (the server refuses the rest with 403): `readOnly` once the team is known, with the admins' names.
 */
export function useFundRole(): { readOnly: boolean; admins: string[] } {
  const { user } = useAuth();
  const team = useTeam();
  const members = team.data?.members ?? [];
  const me = members.find((m) => m.id === user?.id);
  return { readOnly: me !== undefined && me.role !== 'admin', admins: members.filter((m) => m.role === 'admin').map((m) => m.name || m.email) };
}
