import { TEAM_MESSAGES } from '@fitscore/contracts';
import { deals, fundInvites, funds } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_WEB_URL: 'https://app.example.test' });
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: {
      fund_name: `${name} Fund`,
      website: '',
      sectors: ['SaaS'],
      stages: ['Seed'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

async function invite(token: string, body: { email?: string | null; role?: string } = {}) {
  return server.request('POST', '/vc/team/invites/', { token, body: { email: null, role: 'member', ...body } });
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function inviteAndJoin(admin: string, name: string, role = 'member') {
  const res = await invite(admin, { role });
  expect(res.status).toBe(201);
  const vc = await signUp(server, 'vc', { name });
  const joined = await server.request('POST', '/vc/team/join/', {
    token: vc.token,
    body: { token: tokenOf(res.body.invite.url) },
  });
  expect(joined.status).toBe(200);
  return { token: vc.token, userId: vc.user.id as string };
}

describe('the fund is a team', () => {
  it('invites by link, the new member works the fund deals, and once removed sees nothing of the fund', async () => {
    const a = await newFund('Ada Admin');
    const [deal] = await db()
      .insert(deals)
      .values({
        fundId: a.fundId,
        startupName: 'Acme',
        sector: 'SaaS',
        stage: 'Seed',
        geography: 'US',
        source: 'upload',
      })
      .returning();

    const created = await invite(a.token, { email: 'Cleo@Example.com' });
    expect(created.status).toBe(201);
    expect(created.body.invite.url).toMatch(/^https:\/\/app\.example\.test\/join\?token=[\w-]{40,}$/);
    // Only the hash of the token is stored.
    const [stored] = await db().select().from(fundInvites).where(eq(fundInvites.id, created.body.invite.id));
    expect(stored!.tokenHash).not.toContain(tokenOf(created.body.invite.url));

    const pending = await server.request('GET', '/vc/team/', { token: a.token });
    expect(pending.status).toBe(200);
    expect(pending.body.members).toEqual([
      { id: a.userId, name: 'Ada Admin', email: expect.any(String), role: 'admin' },
    ]);
    expect(pending.body.invites).toEqual([
      {
        id: created.body.invite.id,
        email: 'cleo@example.com',
        role: 'member',
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    const days = (Date.parse(pending.body.invites[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const cleo = await signUp(server, 'vc', { name: 'Cleo Colleague' });
    // Before joining, Cleo has no fund: none of Ada's deals.
    expect((await server.request('GET', `/api/vc/deals/${deal!.id}`, { token: cleo.token })).status).toBe(404);
    const joined = await server.request('POST', '/vc/team/join/', {
      token: cleo.token,
      body: { token: tokenOf(created.body.invite.url) },
    });
    expect([joined.status, joined.body]).toEqual([200, { ok: true, fundId: a.fundId }]);

    const list = await server.request('GET', '/api/vc/deals', { token: cleo.token });
    expect(list.status).toBe(200);
    expect(list.body.deals.map((d: { id: string }) => d.id)).toEqual([deal!.id]);
    const team = await server.request('GET', '/vc/team/', { token: cleo.token });
    expect(team.body.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Ada Admin', 'admin'],
      ['Cleo Colleague', 'member'],
    ]);
    expect(team.body.invites).toEqual([]);

    // Cleo owns the deal; removing her keeps the deal (and its history) with the fund, unowned.
    expect(
      (
        await server.request('POST', `/api/vc/deals/${deal!.id}/assign`, {
          token: a.token,
          body: { ownerId: cleo.user.id },
        })
      ).status,
    ).toBe(200);
    const removed = await server.request('DELETE', `/vc/team/members/${cleo.user.id}/`, { token: a.token });
    expect([removed.status, removed.body]).toEqual([200, { ok: true }]);
    const kept = await server.request('GET', `/api/vc/deals/${deal!.id}`, { token: a.token });
    expect([kept.status, kept.body.deal.owner]).toEqual([200, null]);
    const [row] = await db().select({ owner: deals.ownerUserId }).from(deals).where(eq(deals.id, deal!.id));
    expect(row!.owner).toBeNull();

    // Cleo's token reaches nothing of the fund any more.
    expect((await server.request('GET', `/api/vc/deals/${deal!.id}`, { token: cleo.token })).status).toBe(404);
    expect((await server.request('GET', '/api/vc/deals', { token: cleo.token })).body.deals ?? []).toEqual([]);
    expect((await server.request('GET', '/vc/team/', { token: cleo.token })).body.members).toEqual([]);
    expect((await server.request('DELETE', `/vc/team/members/${a.userId}/`, { token: cleo.token })).status).toBe(404);
  });

  it('mails an invite given an address, with the link', async () => {
    const a = await newFund('Mia Mailer');
    const created = await invite(a.token, { email: 'newcomer@example.com' });
    expect(created.status).toBe(201);
    const url: string = created.body.invite.url;
    let mail = '';
    // Up to 20 s: the mail goes out after the answer, and a loaded CI machine can be slow to send it.
    for (let i = 0; i < 400 && !mail; i += 1) {
      const files = await readdir(server.config.mail.outboxDir).catch(() => [] as string[]);
      for (const f of files) {
        const text = await readFile(`${server.config.mail.outboxDir}/${f}`, 'utf8');
        if (text.includes('newcomer@example.com')) mail = text;
      }
      if (!mail) await new Promise((r) => setTimeout(r, 50));
    }
    expect(mail).toContain('Subject: Mia Mailer invited you to Mia Mailer Fund on FitScore');
    expect(mail.replace(/=\r?\n/g, '')).toContain(tokenOf(url));
  });

  it('refuses expired, used and revoked invites with 410, unknown ones with 404', async () => {
    const a = await newFund('Gil Gone');
    const expired = await invite(a.token);
    await db()
      .update(fundInvites)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(fundInvites.id, expired.body.invite.id));
    const revoked = await invite(a.token);
    expect(
      (await server.request('DELETE', `/vc/team/invites/${revoked.body.invite.id}/`, { token: a.token })).status,
    ).toBe(200);
    const used = await invite(a.token);
    const first = await signUp(server, 'vc');
    expect(
      (
        await server.request('POST', '/vc/team/join/', {
          token: first.token,
          body: { token: tokenOf(used.body.invite.url) },
        })
      ).status,
    ).toBe(200);

    // Neither the expired nor the revoked one is listed as pending.
    expect((await server.request('GET', '/vc/team/', { token: a.token })).body.invites).toEqual([]);
    const outsider = await signUp(server, 'vc');
    for (const res of [expired, revoked, used]) {
      const join = await server.request('POST', '/vc/team/join/', {
        token: outsider.token,
        body: { token: tokenOf(res.body.invite.url) },
      });
      expect([join.status, join.body.error]).toEqual([410, TEAM_MESSAGES.inviteGone]);
    }
    const unknown = await server.request('POST', '/vc/team/join/', {
      token: outsider.token,
      body: { token: 'not-a-real-token' },
    });
    expect([unknown.status, unknown.body.error]).toEqual([404, TEAM_MESSAGES.inviteNotFound]);
    // Revoking twice, or a used invite: nothing pending to revoke.
    expect(
      (await server.request('DELETE', `/vc/team/invites/${revoked.body.invite.id}/`, { token: a.token })).status,
    ).toBe(404);
  });

  it('keeps an account in one fund: 409 when already a member', async () => {
    const a = await newFund('Ola One');
    const b = await newFund('Pia Two');
    const link = await invite(a.token);
    const joined = await server.request('POST', '/vc/team/join/', {
      token: b.token,
      body: { token: tokenOf(link.body.invite.url) },
    });
    expect([joined.status, joined.body.error]).toEqual([409, TEAM_MESSAGES.alreadyInFund]);
    const founder = await signUp(server, 'founder');
    expect(
      (
        await server.request('POST', '/vc/team/join/', {
          token: founder.token,
          body: { token: tokenOf(link.body.invite.url) },
        })
      ).status,
    ).toBe(403);
  });

  it('caps seats at 3 on the trial and 10 on Pro, counting pending invites, and says so', async () => {
    const a = await newFund('Tia Trial');
    expect((await invite(a.token)).status).toBe(201);
    expect((await invite(a.token)).status).toBe(201);
    const third = await invite(a.token);
    expect([third.status, third.body.error]).toEqual([402, TEAM_MESSAGES.trialSeatsFull]);
    expect(third.body.error).toMatch(/trial allows 3 seats.*Pro for up to 10/);

    await db().update(funds).set({ plan: 'pro' }).where(eq(funds.id, a.fundId));
    for (let i = 0; i < 7; i += 1) expect((await invite(a.token)).status).toBe(201);
    const eleventh = await invite(a.token);
    expect([eleventh.status, eleventh.body.error]).toEqual([409, TEAM_MESSAGES.proSeatsFull]);

    // Back on the trial with 10 invites out: a join is refused while the fund is full of members.
    const b = await newFund('Uma Upgrade');
    await db().update(funds).set({ plan: 'pro' }).where(eq(funds.id, b.fundId));
    const links = [await invite(b.token), await invite(b.token), await invite(b.token)];
    await db().update(funds).set({ plan: 'trial' }).where(eq(funds.id, b.fundId));
    for (const link of links.slice(0, 2)) {
      const vc = await signUp(server, 'vc');
      expect(
        (
          await server.request('POST', '/vc/team/join/', {
            token: vc.token,
            body: { token: tokenOf(link.body.invite.url) },
          })
        ).status,
      ).toBe(200);
    }
    const late = await signUp(server, 'vc');
    const refused = await server.request('POST', '/vc/team/join/', {
      token: late.token,
      body: { token: tokenOf(links[2]!.body.invite.url) },
    });
    expect([refused.status, refused.body.error]).toEqual([402, TEAM_MESSAGES.trialSeatsFull]);
  });

  it('lets only admins invite, revoke and remove; the last admin stays (409)', async () => {
    const a = await newFund('Ava Boss');
    const member = await inviteAndJoin(a.token, 'Max Member');
    const pendingInvite = await invite(a.token);

    const denied = [
      await invite(member.token),
      await server.request('DELETE', `/vc/team/invites/${pendingInvite.body.invite.id}/`, { token: member.token }),
      await server.request('DELETE', `/vc/team/members/${a.userId}/`, { token: member.token }),
    ];
    for (const res of denied)
      expect([res.status, res.body.error]).toEqual([403, "Only the fund's admins can change this."]);
    expect((await server.request('GET', '/vc/team/', { token: member.token })).status).toBe(200);

    const last = await server.request('DELETE', `/vc/team/members/${a.userId}/`, { token: a.token });
    expect([last.status, last.body.error]).toEqual([409, TEAM_MESSAGES.lastAdmin]);

    // With a second admin (the pending invite revoked to free its seat), the first may leave.
    expect(
      (await server.request('DELETE', `/vc/team/invites/${pendingInvite.body.invite.id}/`, { token: a.token })).status,
    ).toBe(200);
    const second = await inviteAndJoin(a.token, 'Zoe Admin', 'admin');
    expect((await server.request('DELETE', `/vc/team/members/${a.userId}/`, { token: second.token })).status).toBe(200);
    const team = await server.request('GET', '/vc/team/', { token: second.token });
    expect(team.body.members.map((m: { name: string }) => m.name)).toEqual(['Max Member', 'Zoe Admin']);
  });

  it("answers 404 for another fund's members and invites, and 400 for a bad body", async () => {
    const a = await newFund('Kim Own');
    const b = await newFund('Lee Else');
    const bMember = await inviteAndJoin(b.token, 'Bea Member');
    const bInvite = await invite(b.token);
    for (const path of [
      `/vc/team/members/${bMember.userId}/`,
      `/vc/team/members/${b.userId}/`,
      `/vc/team/invites/${bInvite.body.invite.id}/`,
    ]) {
      expect((await server.request('DELETE', path, { token: a.token })).status).toBe(404);
    }
    expect((await server.request('DELETE', '/vc/team/members/not-an-id/', { token: a.token })).status).toBe(404);
    // B's people are untouched.
    expect((await server.request('GET', '/vc/team/', { token: b.token })).body.members).toHaveLength(2);
    const bad = await invite(a.token, { email: 'nope', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
  });

  it('lets admins change roles: the new admin may manage, a member may not, the last admin stays one', async () => {
    const a = await newFund('Rae Roles');
    const partner = await inviteAndJoin(a.token, 'Pat Partner');
    const setRole = (token: string, id: string, role: string) =>
      server.request('PATCH', `/vc/team/members/${id}/`, { token, body: { role } });

    const denied = await setRole(partner.token, partner.userId, 'admin');
    expect([denied.status, denied.body.error]).toEqual([403, "Only the fund's admins can change this."]);

    const lastOne = await setRole(a.token, a.userId, 'member');
    expect([lastOne.status, lastOne.body.error]).toEqual([409, TEAM_MESSAGES.lastAdminDemoted]);

    const promoted = await setRole(a.token, partner.userId, 'admin');
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toEqual({ id: partner.userId, name: 'Pat Partner', email: expect.any(String), role: 'admin' });
    // Now an admin, the partner may invite and may demote the founder of the fund, who then may not.
    expect((await invite(partner.token)).status).toBe(201);
    expect((await setRole(partner.token, a.userId, 'member')).body.member.role).toBe('member');
    expect((await invite(a.token)).status).toBe(403);
    const stillOne = await setRole(partner.token, partner.userId, 'member');
    expect([stillOne.status, stillOne.body.error]).toEqual([409, TEAM_MESSAGES.lastAdminDemoted]);
    const team = await server.request('GET', '/vc/team/', { token: a.token });
    expect(team.body.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Rae Roles', 'member'],
      ['Pat Partner', 'admin'],
    ]);

    const other = await newFund('Oli Other');
    for (const id of [other.userId, '00000000-0000-4000-8000-000000000000']) {
      const res = await setRole(partner.token, id, 'member');
      expect([res.status, res.body.error]).toEqual([404, TEAM_MESSAGES.memberNotFound]);
    }
    expect((await server.request('GET', '/vc/team/', { token: other.token })).body.members[0].role).toBe('admin');
    expect((await setRole(partner.token, a.userId, 'owner')).status).toBe(400);
  });

  it('the invite preview names the fund to whoever holds the link, without signing in (issue 29 point 11)', async () => {
    const admin = await newFund('Harbor Ventures');
    const link = tokenOf((await invite(admin.token)).body.invite.url);
    const preview = await server.request('POST', '/vc/team/invite-preview/', { body: { token: link } });
    expect([preview.status, preview.body]).toEqual([200, { fundName: 'Harbor Ventures Fund' }]);
    const unknown = await server.request('POST', '/vc/team/invite-preview/', { body: { token: 'not-a-token' } });
    expect([unknown.status, unknown.body.error]).toEqual([404, TEAM_MESSAGES.inviteNotFound]);
    const blank = await server.request('POST', '/vc/team/invite-preview/', { body: {} });
    expect(blank.status).toBe(400);
    const joiner = await signUp(server, 'vc');
    expect((await server.request('POST', '/vc/team/join/', { token: joiner.token, body: { token: link } })).status).toBe(200);
    const used = await server.request('POST', '/vc/team/invite-preview/', { body: { token: link } });
    expect([used.status, used.body.error]).toEqual([410, TEAM_MESSAGES.inviteGone]);
  });

  it('documents the team calls in OpenAPI', async () => {
    const { status, body } = await server.request('GET', '/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths['/vc/team/invites/'])).toEqual(['post']);
    expect(
      body.paths['/vc/team/invites/'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('role');
    for (const path of ['/vc/team/', '/vc/team/invites/{id}/', '/vc/team/members/{id}/', '/vc/team/join/'])
      expect(body.paths).toHaveProperty([path]);
    expect(Object.keys(body.paths['/vc/team/members/{id}/']).sort()).toEqual(['delete', 'patch']);
    expect(
      body.paths['/vc/team/members/{id}/'].patch.requestBody.content['application/json'].schema.properties.role.enum,
    ).toEqual(['admin', 'member']);
  });
});
