import { Printer } from 'lucide-react';
import { useSearchParams } from '../../../../app/router';
import { StaffGate } from '../../../../components/staff/staff-gate';
import { smallSecondary } from '../../components/panel-parts';
import { QueryState } from '../../components/query-state';
import { useZReport } from '../api/till-api';
import { printOn } from '../lib/print';
import { TillFrame } from '../till-frame';
import { ZReportView } from './z-report-view';

function Report({ sessionId }: { sessionId: string }) {
  const report = useZReport(sessionId);
  return (
    <div className="mx-auto max-w-xl space-y-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallSecondary} onClick={() => printOn('80mm')}>
          <Printer aria-hidden className="h-4 w-4" />
          Print on the till roll (80 mm)
        </button>
        <button type="button" className={smallSecondary} onClick={() => printOn('A4')}>
          <Printer aria-hidden className="h-4 w-4" />
          Print on A4
        </button>
        <a href="/admin/till" className={smallSecondary}>
          Back to the till
        </a>
      </div>
      <QueryState query={report} what="the Z report" />
      {report.data ? <ZReportView report={report.data} /> : null}
    </div>
  );
}

/** /admin/till/report?session=: a till session's Z report, to read and print. */
export function TillReportPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  return (
    <TillFrame title="Z report">
      <StaffGate allow="staff">
        {() =>
          sessionId ? (
            <Report sessionId={sessionId} />
          ) : (
            <p className="text-slate-800">No till session was named in the address.</p>
          )
        }
      </StaffGate>
    </TillFrame>
  );
}
