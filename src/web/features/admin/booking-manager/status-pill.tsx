import { Pill, type PillTone } from '../components/pill';

const pills: Record<string, { text: string; tone: PillTone }> = {
  confirmed: { text: 'Confirmed', tone: 'green' },
  processing: { text: 'Bank payment clearing', tone: 'sky' },
  pending: { text: 'Waiting for payment', tone: 'amber' },
  failed: { text: 'Payment failed', tone: 'red' },
  expired: { text: 'Never paid', tone: 'slate' },
  cancelled: { text: 'Cancelled', tone: 'red' },
  refunded: { text: 'Refunded', tone: 'slate' },
};

export function StatusPill({ status }: { status: string }) {
  const p = pills[status] ?? { text: status, tone: 'slate' as const };
  return <Pill tone={p.tone}>{p.text}</Pill>;
}
