import { EditorCard, SectionHeading, type SectionProps } from '../section-parts';
import type { Stale } from '../stale-alert';
import { PackageForm } from './package-form';
import { PrivateHireForm } from './private-hire-form';

/**
 * Party packages and private hire. The party times are the party booking's slots (Party booking below):
 * the enquiry form offers the same times as online booking (DECISIONS.md "Parties online"). Each form is keyed by its own part: it starts again from
 * the current values when that part changes, and keeps what is typed when another part is saved.
 */
export function PartiesSection({ catalogue }: SectionProps) {
  const { value: doc, version } = catalogue.parties;
  const props = (s: Stale) => ({ doc, version, onStale: s.onStale, onSaved: s.clear });
  return (
    <div>
      <SectionHeading title="Party packages">
        The birthday party packages and private hire shown on the party pages and offered on the enquiry form. The party
        times are the slots under Party booking: the enquiry form offers the same times as online booking.
      </SectionHeading>
      <div className="grid gap-4 xl:grid-cols-2">
        {doc.packages.map((p) => (
          <EditorCard key={p.id} id={`party-package-${p.id}`} title={p.name}>
            {(s) => <PackageForm key={JSON.stringify(p)} pkg={p} {...props(s)} />}
          </EditorCard>
        ))}
        <EditorCard id="party-private-hire" title="Private hire">
          {(s) => <PrivateHireForm key={JSON.stringify(doc.privateHire)} {...props(s)} />}
        </EditorCard>
      </div>
    </div>
  );
}
