// The back office's one chart component, on recharts (a maintained chart library): bars or a
// pie, responsive, with tooltips. Labels come translated from the caller. The figures are also
// in a visually hidden table, for screen readers (the drawing is an image to them) and tests.
// The drawing (recharts) is a chunk of its own, loaded after the first screen (issue 28).
import { lazy, Suspense } from 'react';
import { formatNumber } from '@taal/web-shared/format';

const ChartDrawing = lazy(() => import('./ChartDrawing'));

export interface ChartDatum {
  label: string;
  value: number;
  /** Longer text for the tooltip. */
  title?: string;
}

export function Chart({
  kind = 'bar',
  data,
  label,
  testId,
  height = 260,
  format = (v: number) => formatNumber(v),
}: {
  kind?: 'bar' | 'pie';
  data: ChartDatum[];
  label: string;
  testId?: string;
  height?: number;
  /** How a value is shown in the tooltip (e.g. taka with 2 decimals). */
  format?: (value: number) => string;
}) {
  return (
    <figure className="chart-figure" data-testid={testId}>
      <div className="chart" role="img" aria-label={label} style={{ width: '100%', height }}>
        <Suspense fallback={null}>
          <ChartDrawing kind={kind} data={data} label={label} format={format} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.label} data-testid="chart-datum" data-value={d.value}>
              <th scope="row">{d.title ?? d.label}</th>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
