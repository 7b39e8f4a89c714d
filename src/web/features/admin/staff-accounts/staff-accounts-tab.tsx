import { useStaffMe } from '../../../api/staff-session';
import { useStaffAccounts, useStaffSessions } from '../api/staff-accounts-api';
import { PanelHeader } from '../components/panel-parts';
import { QueryState, UpdatedAt } from '../components/query-state';
import { AccountList } from './account-list';
import { AddAccountForm } from './add-account-form';
import { ChangePasswordForm } from './change-password-form';
import { SessionList } from './session-list';
import { TillPinForm } from './till-pin-form';

const card = 'rounded-3xl border border-slate-200 bg-white p-5 shadow-sm';

/** Admins: accounts, kiosk devices and who is signed in (DECISIONS.md "Staff accounts and devices"). */
function AdminSections({ myUsername }: { myUsername: string }) {
  const accounts = useStaffAccounts();
  const sessions = useStaffSessions();
  // One Refresh for both lists: a device started elsewhere changes both.
  const both = {
    isPending: accounts.isPending || sessions.isPending,
    isError: accounts.isError || sessions.isError,
    error: accounts.error ?? sessions.error,
    isFetching: accounts.isFetching || sessions.isFetching,
    dataUpdatedAt: Math.min(accounts.dataUpdatedAt, sessions.dataUpdatedAt),
    refetch: () => Promise.all([accounts.refetch(), sessions.refetch()]),
  };
  return (
    <>
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_minmax(0,22rem)]">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xl font-bold text-brand-800">Staff accounts</h3>
            {accounts.data ? <UpdatedAt query={both} what="the accounts and devices" /> : null}
          </div>
          <QueryState query={accounts} what="staff accounts" />
          {accounts.data ? <AccountList accounts={accounts.data.accounts} myUsername={myUsername} /> : null}
        </div>
        <div className={`${card} self-start`}>
          <AddAccountForm />
        </div>
      </div>
      <QueryState query={sessions} what="devices and sessions" />
      {sessions.data ? <SessionList sessions={sessions.data.sessions} /> : null}
    </>
  );
}

/** Staff tab "Staff & Devices": everyone changes their own password here; admins also manage the rest. */
export function StaffAccountsTab() {
  const me = useStaffMe().data;
  const staff = me?.signedIn && me.kind === 'staff' ? me : null;
  const isAdmin = staff?.role === 'admin';
  return (
    <section aria-labelledby="admin-staff-heading">
      <PanelHeader
        id="admin-staff-heading"
        title="Staff & Devices"
        intro={
          isAdmin
            ? 'Who can sign in to the staff area, the tablets in kiosk mode, and your own password. Every change here is kept in the audit log.'
            : 'Change your own password and till PIN. An admin adds and removes accounts.'
        }
      />
      {isAdmin && staff ? <AdminSections myUsername={staff.username} /> : null}
      <div className="mt-8 grid max-w-5xl gap-6 lg:grid-cols-2">
        <div className={card}>
          <ChangePasswordForm />
        </div>
        <div className={`${card} self-start`}>
          <TillPinForm />
        </div>
      </div>
    </section>
  );
}
