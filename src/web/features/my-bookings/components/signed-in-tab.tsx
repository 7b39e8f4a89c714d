import { Suspense, useState, type ReactNode } from 'react';
import { useFamilySession } from '../../../api/family-session';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { MyBookingsTabs } from './my-bookings-tabs';
import { SignedOut } from './signed-out';
import { SignInLoading } from './my-bookings-shell';

/**
 * A My Bookings tab that needs the proven address (Family, Membership): the sign-in by e-mailed code while
 * signed out, and the tab's own (lazily loaded) signed-in part once it is known; `focusOnLoad` says the family
 * has just confirmed, so the signed-in part takes the focus.
 */
export function SignedInTab(props: {
  path: Parameters<typeof MyBookingsTabs>[0]['current'];
  title: string;
  intro: string;
  idPrefix: string;
  signedOutTitle: string;
  why: string;
  loading: string;
  children: (email: string, focusOnLoad: boolean) => ReactNode;
}) {
  const session = useFamilySession();
  const [justConfirmed, setJustConfirmed] = useState(false);
  return (
    <PageShell title={props.title} intro={props.intro}>
      <MyBookingsTabs current={props.path} />
      {session.isPending ? (
        <SignInLoading />
      ) : session.isError ? (
        <p className="text-slate-800">{problemText(session.error)}</p>
      ) : !session.data ? (
        <SignedOut
          idPrefix={props.idPrefix}
          title={props.signedOutTitle}
          why={props.why}
          onConfirmed={() => setJustConfirmed(true)}
        />
      ) : (
        <Suspense fallback={<Spinner label={props.loading} />}>
          {props.children(session.data.email, justConfirmed)}
        </Suspense>
      )}
    </PageShell>
  );
}
