import { NOTIFICATION_ACTION_LABELS, notificationSubject, type Notification, type NotificationAction } from '@fitscore/contracts';
import { Bell, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useNotificationAction, useNotifications } from '../api/dashboard';
import { MarkdownLight } from '@/components/ui/markdown-light';

export const NO_NOTIFICATIONS = 'No notifications yet. New matches and intro requests will appear here.';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The 'Ask for More Info' question, asked in place before the action is sent. */
function QuestionForm({ onSend, onCancel, busy }: { onSend: (question: string) => void; onCancel: () => void; busy: boolean }) {
  const [question, setQuestion] = useState('');
  const id = useId();
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSend(question.trim());
      }}
    >
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        Your question to the founder (optional)
      </label>
      <Textarea id={id} rows={2} maxLength={1000} value={question} onChange={(e) => setQuestion(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Send
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One notification: what it is, why, and its actions (spec section 2); acting marks it read. */
function NotificationItem({ notification: n }: { notification: Notification }) {
  const act = useNotificationAction();
  const toast = useToast();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const subject = notificationSubject(n.title);

  const run = async (action: NotificationAction, question?: string) => {
    try {
      const done = await act.mutateAsync({ id: n.id, action, ...(question ? { question } : {}) });
      setAsking(false);
      if (action === 'view' && done.dealId) {
        // A mention opens the discussion it came from; anything else the deal page.
        navigate(n.type === 'mention' ? `${paths.vc.deal(done.dealId)}#comments` : paths.vc.deal(done.dealId));
        return;
      }
      toast.success(`${NOTIFICATION_ACTION_LABELS[action]} action taken for ${subject}`);
    } catch (err) {
      toast.error(errorMessage(err, 'That action could not be completed. Please try again.'));
    }
  };

  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex items-start gap-2">
        {n.unread ? <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" /> : <span className="w-2 shrink-0" />}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{n.title}</p>
          {n.reason.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1">
              {n.reason.map((r) => (
                <li key={r} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {r}
                </li>
              ))}
            </ul>
          ) : null}
          {n.details && n.type === 'mention' ? (
            // A mention's excerpt is the comment's Markdown-light text: drawn as the comment is, never raw.
            <MarkdownLight text={n.details} className="mt-1 line-clamp-2 text-xs text-slate-600" />
          ) : n.details ? (
            <p className="mt-1 line-clamp-2 text-xs text-slate-600">{n.details}</p>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">
            {dateFormat.format(new Date(n.date))}
            {/* What the action did when the server says more than its name ('Approved: added to your pipeline'). */}
            {n.outcome ? ` · ${n.outcome}` : n.action ? ` · ${NOTIFICATION_ACTION_LABELS[n.action]}` : ''}
          </p>
          {asking ? (
            <QuestionForm busy={act.isPending} onSend={(q) => void run('moreinfo', q)} onCancel={() => setAsking(false)} />
          ) : n.actions.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-1.5">
              {n.actions.map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'approve' || action === 'hot' ? 'primary' : 'secondary'}
                  disabled={act.isPending}
                  onClick={() => (action === 'moreinfo' ? setAsking(true) : void run(action))}
                  aria-label={`${NOTIFICATION_ACTION_LABELS[action]}: ${subject}`}
                >
                  {NOTIFICATION_ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function Group({ title, items }: { title: string; items: Notification[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="divide-y divide-slate-100">
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} />
        ))}
      </ul>
    </section>
  );
}

/**
 * What the server holds, live: on the card the first 3 'Matching Alerts' and 'Warm Intros'
 * (spec section 2), in the panel every notification; the spec's empty text while there is none.
 */
function NotificationList({ all = false }: { all?: boolean }) {
  const query = useNotifications();
  if (query.isPending) return <Spinner label="Loading notifications" />;
  if (query.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm text-slate-600">
        <p>{query.error.message}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { notifications } = query.data;
  if (notifications.length === 0) {
    return (
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-slate-100 p-2 text-slate-500" aria-hidden="true">
          <Bell className="h-5 w-5" />
        </span>
        <p className="text-sm text-slate-600">{NO_NOTIFICATIONS}</p>
      </div>
    );
  }
  if (all) {
    return (
      <ul className="divide-y divide-slate-100">
        {notifications.map((n) => (
          <NotificationItem key={n.id} notification={n} />
        ))}
      </ul>
    );
  }
  const matches = notifications.filter((n) => n.type === 'match').slice(0, 3);
  const intros = notifications.filter((n) => n.type === 'warmintro').slice(0, 3);
  const team = notifications.filter((n) => n.type === 'mention' || n.type === 'assigned').slice(0, 3);
  return (
    <div className="space-y-5">
      <Group title="Matching Alerts" items={matches} />
      <Group title="Warm Intros" items={intros} />
      <Group title="Mentions & Assignments" items={team} />
    </div>
  );
}

/** The right-side 'All Notifications' panel. */
function NotificationsPanel({ open, onOpenChange, top }: { open: boolean; onOpenChange: (open: boolean) => void; top?: ReactNode }) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-950/40" />
        <D.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <D.Title className="text-lg font-semibold text-slate-900">All Notifications</D.Title>
            <D.Close className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            {top}
            <NotificationList all />
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** What else the bell counts and shows above the notifications (the app passes the follow-ups due). */
export interface BellExtra {
  count: number;
  /** Said after the unread count ('1 follow-up due') while `count` is not 0. */
  label: string;
  group: ReactNode;
}

/** The header bell: the unread count from the server (and `extra`'s), opening the panel. */
export function NotificationsBell({ extra }: { extra?: BellExtra }) {
  const [open, setOpen] = useState(false);
  const unread = useNotifications().data?.unread ?? 0;
  const more = extra?.count ?? 0;
  const count = unread + more;
  const label = ['Notifications', unread > 0 ? `${unread} unread` : null, more > 0 ? extra!.label : null];
  return (
    <>
      <Button
        variant="secondary"
        size="icon"
        className="relative"
        aria-label={label.filter(Boolean).join(', ')}
        onClick={() => setOpen(true)}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {count > 0 ? (
          <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Button>
      <NotificationsPanel open={open} onOpenChange={setOpen} top={extra?.group} />
    </>
  );
}

/** The dashboard's 'Notifications' card, with 'View all' opening the panel. */
export function NotificationsCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="flex flex-col">
      <CardHeader className="items-center">
        <CardTitle>Notifications</CardTitle>
        <Button variant="link" size="sm" onClick={() => setOpen(true)}>
          View all
        </Button>
      </CardHeader>
      <CardBody className="flex-1">
        <NotificationList />
      </CardBody>
      <NotificationsPanel open={open} onOpenChange={setOpen} />
    </Card>
  );
}
