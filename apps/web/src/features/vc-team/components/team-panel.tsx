import {
  FUND_MEMBER_ROLES,
  FUND_PLANS,
  TEAM_MESSAGES,
  TEAM_SEATS,
  type FundMember,
  type FundPlanId,
  type FundMemberRole,
  type TeamInvite,
  type TeamResponse,
} from '@fitscore/contracts';
import { Link2, Mail, UserMinus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateInvite, useRemoveMember, useRevokeInvite, useSetMemberRole } from '../api/team';

const ROLE_LABEL: Record<FundMemberRole, string> = { admin: 'Admin', member: 'Member' };
const ROLE_HINT = 'Admins manage members, billing, intake secrets and weights; members work the deals.';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>{title}</CardTitle>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

/** An admin's role picker for one member; the fund's last admin keeps the role (the server refuses too). */
function RoleSelect({ member, lastAdmin }: { member: FundMember; lastAdmin: boolean }) {
  const setRole = useSetMemberRole();
  const toast = useToast();
  const who = member.name || member.email;
  const onChange = async (role: FundMemberRole) => {
    try {
      await setRole.mutateAsync({ id: member.id, role });
      toast.success(`${who} is now ${role === 'admin' ? 'an admin' : 'a member'}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not change the role'));
    }
  };
  return (
    <Select
      aria-label={`Role of ${who}`}
      title={lastAdmin ? TEAM_MESSAGES.lastAdminDemoted : ROLE_HINT}
      className="w-32"
      value={member.role}
      disabled={setRole.isPending || lastAdmin}
      onChange={(e) => void onChange(e.target.value as FundMemberRole)}
    >
      {FUND_MEMBER_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABEL[r]}
        </option>
      ))}
    </Select>
  );
}

function MemberRow({
  member,
  isMe,
  canRemove,
  canEditRole,
  lastAdmin,
}: {
  member: FundMember;
  isMe: boolean;
  canRemove: boolean;
  canEditRole: boolean;
  lastAdmin: boolean;
}) {
  const remove = useRemoveMember();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const onRemove = async () => {
    try {
      await remove.mutateAsync(member.id);
      toast.success(`${member.name || member.email} was removed from the fund`);
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not remove the member'));
    }
  };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{member.name || member.email}</span>
          {isMe ? <span className="text-xs font-normal text-slate-500">(you)</span> : null}
          {canEditRole ? null : (
            <Badge tone={member.role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABEL[member.role]}</Badge>
          )}
        </p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 self-start sm:self-auto">
        {canEditRole ? <RoleSelect member={member} lastAdmin={lastAdmin} /> : null}
        {canRemove ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${member.name || member.email}`}
          >
            <UserMinus className="h-4 w-4" aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${member.name || member.email}?`}
        description="They lose access to the fund's deals at once. Their deals stay with the fund, with their history, and become unassigned."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void onRemove()} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove member'}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function InviteForm() {
  const create = useCreateInvite();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<FundMemberRole>('member');
  const [link, setLink] = useState<{ url: string; mailedTo: string | null } | null>(null);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const to = email.trim() || null;
    try {
      const { invite } = await create.mutateAsync({ email: to, role });
      setLink({ url: invite.url, mailedTo: to });
      setEmail('');
      toast.success(to ? `Invite sent to ${to}` : 'Invite link created');
    } catch (err) {
      setError(errorMessage(err, 'Could not create the invite'));
    }
  };

  return (
    <div className="space-y-4">
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        noValidate
      >
        <Field label="Email (optional)" hint="Leave empty to just create a link you share yourself.">
          {(ids) => (
            <Input
              {...ids}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="colleague@fund.com"
            />
          )}
        </Field>
        <Field label="Role">
          {(ids) => (
            <Select {...ids} value={role} onChange={(e) => setRole(e.target.value as FundMemberRole)}>
              {FUND_MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={create.isPending} className="sm:mt-6">
          {email.trim() ? (
            <Mail className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Link2 className="h-4 w-4" aria-hidden="true" />
          )}
          {create.isPending ? 'Creating...' : email.trim() ? 'Send invite' : 'Create invite link'}
        </Button>
      </form>
      <p className="text-xs text-slate-500">{ROLE_HINT}</p>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700 ring-1 ring-red-200">
          {error}
        </p>
      ) : null}
      {link ? (
        <div className="rounded-xl bg-brand-50/60 p-4 ring-1 ring-brand-200">
          <CopyField
            label="Invite link"
            value={link.url}
            copiedMessage="Invite link copied"
            hint={
              <>
                {link.mailedTo ? `Also mailed to ${link.mailedTo}. ` : null}
                Shown only this once. It works for one person, for 7 days, until you revoke it.
              </>
            }
          />
        </div>
      ) : null}
    </div>
  );
}

function InviteRow({ invite, canRevoke }: { invite: TeamInvite; canRevoke: boolean }) {
  const revoke = useRevokeInvite();
  const toast = useToast();
  const label = invite.email ?? 'Link invite';
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(invite.id);
      toast.success('Invite revoked');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not revoke the invite'));
    }
  };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="truncate">{label}</span>
          <Badge tone={invite.role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABEL[invite.role]}</Badge>
        </p>
        <p className="text-sm text-slate-600">
          Sent {dateFormat.format(new Date(invite.createdAt))} · expires {dateFormat.format(new Date(invite.expiresAt))}
        </p>
      </div>
      {canRevoke ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => void onRevoke()}
          disabled={revoke.isPending}
          aria-label={`Revoke invite for ${label}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

/** Settings › Team: the fund's members and pending invites; admins invite, revoke and remove. */
export function TeamPanel({
  team,
  myId,
  plan,
}: {
  team: TeamResponse;
  myId: string | undefined;
  plan: FundPlanId | undefined;
}) {
  const me = team.members.find((m) => m.id === myId);
  const isAdmin = me?.role === 'admin';
  const used = team.members.length + team.invites.length;
  // The last admin cannot be removed (the server refuses too): no button for them.
  const admins = team.members.filter((m) => m.role === 'admin').length;
  const seats = plan ? `${used} of ${TEAM_SEATS[plan]} seats used (${plan === 'trial' ? 'trial' : FUND_PLANS[plan].name}).` : undefined;
  return (
    <div className="space-y-6">
      <Section
        title="Members"
        description={seats ? `${seats} Members and pending invites each take a seat.` : undefined}
      >
        <ul className="divide-y divide-slate-200" aria-label="Members">
          {team.members.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              isMe={m.id === myId}
              canRemove={isAdmin && !(m.role === 'admin' && admins === 1)}
              canEditRole={isAdmin}
              lastAdmin={m.role === 'admin' && admins === 1}
            />
          ))}
        </ul>
      </Section>
      {isAdmin ? (
        <Section
          title="Invite a colleague"
          description="By email, or as a link you copy and share. Each link works for one person."
        >
          {plan && used >= TEAM_SEATS[plan] ? (
            <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">
              {plan === 'trial' ? TEAM_MESSAGES.trialSeatsFull : TEAM_MESSAGES.proSeatsFull}
            </p>
          ) : null}
          <InviteForm />
        </Section>
      ) : null}
      <Section title="Pending invites">
        {team.invites.length ? (
          <ul className="divide-y divide-slate-200" aria-label="Pending invites">
            {team.invites.map((i) => (
              <InviteRow key={i.id} invite={i} canRevoke={isAdmin} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No pending invites.</p>
        )}
      </Section>
    </div>
  );
}
