import { DEAL_STATUS_LABELS, type AlertDeliveryKind, type AlertTarget, type DealStatus } from '@fitscore/contracts';

/** What can be alerted; `dispatch(fundId, event)` takes one of these. */
export type AlertEventInput =
  | { kind: 'match'; dealId: string; startupName: string; fitScore: number; reasons: string[] }
  | { kind: 'warmintro'; introId: string; startupName: string; note: string }
  | { kind: 'status'; dealId: string; startupName: string; from: string; to: string; by: string };

/** One message, before it is shaped for a service. */
export interface AlertMessage {
  kind: AlertDeliveryKind;
  title: string;
  /** Plain text lines (shown as a list when `bullets`). */
  text: string;
  bullets: string[];
  link: { label: string; url: string };
}

const statusLabel = (s: string) => (s === 'new' ? 'New' : (DEAL_STATUS_LABELS[s as DealStatus] ?? s));
const MAX_BULLETS = 5;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The message of an event; links go to the web app (`{PUBLIC_WEB_URL}/vc/deal/{id}`). */
export function messageOf(event: AlertEventInput, publicWebUrl: string): AlertMessage {
  const web = publicWebUrl.replace(/\/+$/, '');
  switch (event.kind) {
    case 'match':
      return {
        kind: 'match',
        title: `Hot match: ${event.startupName} (FitScore ${event.fitScore})`,
        text: `${event.startupName} fits your thesis with a FitScore of ${event.fitScore}.`,
        bullets: event.reasons.slice(0, MAX_BULLETS),
        link: { label: 'Open deal', url: `${web}/vc/deal/${encodeURIComponent(event.dealId)}` },
      };
    case 'warmintro':
      return {
        kind: 'warmintro',
        title: `Warm intro request: ${event.startupName}`,
        text: event.note ? `${event.startupName} asked for an intro: “${event.note}”` : `${event.startupName} asked for an intro.`,
        bullets: [],
        link: { label: 'Review request', url: `${web}/vc/dashboard` },
      };
    case 'status':
      return {
        kind: 'status',
        title: `${event.startupName} moved to ${statusLabel(event.to)}`,
        text: `${event.by || 'Someone'} moved ${event.startupName} from ${statusLabel(event.from)} to ${statusLabel(event.to)}.`,
        bullets: [],
        link: { label: 'Open deal', url: `${web}/vc/deal/${encodeURIComponent(event.dealId)}` },
      };
  }
}

/** The message Settings' 'Send test' posts. */
export function testMessage(fundName: string, publicWebUrl: string): AlertMessage {
  return {
    kind: 'test',
    title: 'FitScore test alert',
    text: `Alerts for ${fundName || 'your fund'} will arrive in this channel.`,
    bullets: [],
    link: { label: 'Open alert settings', url: `${publicWebUrl.replace(/\/+$/, '')}/vc/settings?tab=alerts` },
  };
}

/** Slack's mrkdwn treats &, < and > as control characters. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Slack incoming webhook body: `text` is the notification fallback, `blocks` the Block Kit
 * layout (header ≤ 150 chars, section text ≤ 3000, a link button ≤ 75 chars of label).
 */
export function slackPayload(m: AlertMessage) {
  const body = [slackEscape(m.text), ...m.bullets.map((b) => `• ${slackEscape(b)}`)].join('\n');
  return {
    text: clip(m.title, 300),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(m.title, 150), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: clip(body, 3000) } },
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: clip(m.link.label, 75) }, url: m.link.url, action_id: 'open_link' }],
      },
    ],
  };
}

/**
 * A Teams Workflows webhook body ('Post to a channel when a webhook request is received'): a
 * `message` whose one attachment is an Adaptive Card (1.4, which Teams renders), with an
 * Action.OpenUrl to the deal.
 */
export function teamsPayload(m: AlertMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: m.text, wrap: true },
            ...m.bullets.map((b) => ({ type: 'TextBlock', text: `- ${b}`, wrap: true, spacing: 'Small' })),
          ],
          actions: [{ type: 'Action.OpenUrl', title: m.link.label, url: m.link.url }],
        },
      },
    ],
  };
}

export function payloadFor(target: AlertTarget, m: AlertMessage) {
  return target === 'slack' ? slackPayload(m) : teamsPayload(m);
}
