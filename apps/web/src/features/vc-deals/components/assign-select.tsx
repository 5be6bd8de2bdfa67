import type { Deal, FundMember } from '@fitscore/contracts';
import { Select } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** Assign: the fund's real members, or nobody. */
export function AssignSelect({
  deal,
  members,
  onAssign,
  className,
}: {
  deal: Pick<Deal, 'startupName' | 'owner'>;
  members: FundMember[];
  onAssign: (member: FundMember | null) => void;
  className?: string;
}) {
  return (
    <Select
      aria-label={`Assign ${deal.startupName}`}
      className={cn('h-8 w-[8.75rem] py-0 text-xs', className)}
      value={deal.owner?.id ?? ''}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => onAssign(members.find((m) => m.id === e.target.value) ?? null)}
    >
      <option value="">Unassigned</option>
      {members.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name || m.email}
        </option>
      ))}
    </Select>
  );
}
