import { Suspense, useMemo } from 'react';
import { useSearchParams } from '../../app/router';
import type { StaffRole } from '../../../shared/contracts/staff';
import { Spinner } from '../../components/ui/primitives';
import { placeFor, sectionsFor } from './admin-address';
import { adminSections } from './admin-tabs';
import { StaffNav } from './components/staff-nav';

/**
 * The signed-in dashboard: the staff area's navigation and the open page's panel. The open page is
 * kept in the address (?tab=checked-in, or ?area=parties for a section), so the back button, a reload
 * or a shared link opens the same page.
 */
export function AdminDashboard({ role }: { role: StaffRole }) {
  const [params] = useSearchParams();
  const sections = useMemo(() => sectionsFor(adminSections, role), [role]);
  const place = placeFor(sections, params);
  const { Panel } = place.tab;
  return (
    <>
      <StaffNav sections={sections} place={place} />
      <div className="mt-5">
        <Suspense fallback={<Spinner label={`Loading ${place.tab.label}...`} />}>
          <Panel key={place.tab.id} />
        </Suspense>
      </div>
    </>
  );
}
