import { LoadingBlock, PageShell } from '../../../components/page-shell';
import { MyBookingsTabs } from './my-bookings-tabs';

/** While the family's session is asked for: about the height of the sign-in form most first visits get. */
export const SignInLoading = () => <LoadingBlock label="Checking your sign-in..." className="h-80 max-w-2xl" />;

/**
 * The prerendered first view of a My Bookings tab (issue 47): the same for every visitor, since whose the
 * bookings are is known only in the browser. The tab then draws the same frame with the same block in it.
 */
export function MyBookingsShell(props: {
  current: Parameters<typeof MyBookingsTabs>[0]['current'];
  title: string;
  intro: string;
}) {
  return (
    <PageShell title={props.title} intro={props.intro}>
      <MyBookingsTabs current={props.current} />
      <SignInLoading />
    </PageShell>
  );
}
