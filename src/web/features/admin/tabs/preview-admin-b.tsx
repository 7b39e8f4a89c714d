import { Suspense } from 'react';
import { StaffGate } from '../../../components/staff/staff-gate';
import { Spinner } from '../../../components/ui/primitives';
import { adminBPanels } from './admin-b-panels';

/**
 * TEMPORARY /admin page until the dashboard shell (admin-a) is merged: the admin-b panels one
 * under another, behind the staff sign-in. The lead replaces this route with the shell.
 */
export function PreviewAdminBPage() {
  return (
    <div className="min-h-screen bg-brand-50">
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="mb-6 text-3xl font-bold text-brand-800">Staff Dashboard</h1>
        <StaffGate allow="staff">
          {() => (
            <div className="space-y-12">
              {adminBPanels.map(({ id, Panel }) => (
                <Suspense key={id} fallback={<Spinner label="Loading..." />}>
                  <Panel />
                </Suspense>
              ))}
            </div>
          )}
        </StaffGate>
      </main>
    </div>
  );
}
