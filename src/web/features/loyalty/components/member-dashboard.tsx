import { useState } from 'react';
import type { MemberLookupResponse, VoucherDto } from '../../../../shared/contracts/loyalty';
import { AchievementsList } from './achievements-list';
import { ActivityHistory } from './activity-history';
import { LevelProgress } from './level-progress';
import { LoyaltyTabs, type LoyaltyTabId } from './loyalty-tabs';
import { MemberStats } from './member-stats';
import { NewVouchers } from './new-vouchers';
import { RewardsStore } from './rewards-store';

/** A member's page: the four numbers, the way to the next level, then the store, achievements and history. */
export function MemberDashboard({ email, lookup }: { email: string; lookup: MemberLookupResponse }) {
  const [tab, setTab] = useState<LoyaltyTabId>('rewards');
  // Vouchers redeemed on this visit; they are e-mailed too, and never listed from the server by e-mail alone.
  const [vouchers, setVouchers] = useState<VoucherDto[]>([]);
  const { member, nextLevel } = lookup;

  return (
    <div className="space-y-6">
      <MemberStats member={member} />
      <LevelProgress totalPoints={member.totalPoints} level={member.membershipLevel} nextLevel={nextLevel} />
      <NewVouchers vouchers={vouchers} />
      <LoyaltyTabs active={tab} onSelect={setTab}>
        {tab === 'rewards' ? (
          <RewardsStore email={email} member={member} onRedeemed={(v) => setVouchers((list) => [v, ...list])} />
        ) : tab === 'achievements' ? (
          <AchievementsList memberId={member.id} />
        ) : (
          <ActivityHistory memberId={member.id} />
        )}
      </LoyaltyTabs>
    </div>
  );
}
