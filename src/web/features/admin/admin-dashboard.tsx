import { Suspense } from 'react';
import { useSearchParams } from '../../app/router';
import type { StaffRole } from '../../../shared/contracts/staff';
import { Spinner } from '../../components/ui/primitives';
import { adminTabs as allTabs } from './admin-tabs';
import { panelDomId, TabStrip, tabDomId } from './components/tab-strip';

/**
 * The signed-in dashboard: the tab strip and the open tab's panel. The open tab is kept in the
 * address (?tab=checked-in), so a reload or a shared link opens the same tab.
 */
export function AdminDashboard({ role }: { role: StaffRole }) {
  const [params, setParams] = useSearchParams();
  const adminTabs = allTabs.filter((t) => !t.adminOnly || role === 'admin');
  const tab = adminTabs.find((t) => t.id === params.get('tab')) ?? adminTabs[0]!;
  const select = (id: string) => setParams(id === adminTabs[0]!.id ? {} : { tab: id }, { replace: true });
  const { Panel } = tab;
  return (
    <>
      <TabStrip tabs={adminTabs} selected={tab.id} onSelect={select} label="Dashboard sections" />
      <div
        role="tabpanel"
        id={panelDomId(tab.id)}
        aria-labelledby={tabDomId(tab.id)}
        tabIndex={0}
        className="mt-4 rounded-3xl focus-visible:outline-offset-4"
      >
        <Suspense fallback={<Spinner label={`Loading ${tab.label}...`} />}>
          <Panel key={tab.id} />
        </Suspense>
      </div>
    </>
  );
}
