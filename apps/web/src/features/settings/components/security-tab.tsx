import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

export function SecurityTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <ChangePasswordCard />
      <div className="min-w-0 space-y-6">
        <TwoFactorCard />
        <SessionsCard />
      </div>
    </div>
  );
}
