import type { ReactNode } from 'react';
import { Card } from './ui/primitives';

/** What a status page has to say (not found, still processing, failed): an icon, a heading and a few lines. */
export function NoticeCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <div className="flex gap-4">
        {icon}
        <div>
          <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
          <div className="mt-2 space-y-2 text-slate-800">{children}</div>
        </div>
      </div>
    </Card>
  );
}
