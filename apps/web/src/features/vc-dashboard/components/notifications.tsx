import { Bell, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '../api/dashboard';

export const NO_NOTIFICATIONS = 'No notifications yet. New matches and intro requests will appear here.';

/** What the server holds: the spec's empty text while there is nothing (matches and intros come later). */
function NotificationList() {
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
  const { notifications, unread } = query.data;
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
  return (
    <p className="text-sm text-slate-700">
      {notifications.length} notification{notifications.length === 1 ? '' : 's'}, {unread} unread.
    </p>
  );
}

/** The right-side 'All Notifications' panel. */
function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
            <NotificationList />
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** The header bell: the unread count from the server, opening the panel. */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const unread = useNotifications().data?.unread ?? 0;
  return (
    <>
      <Button
        variant="secondary"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen(true)}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 ? (
          <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <NotificationsPanel open={open} onOpenChange={setOpen} />
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
