// The back office's one chart component, on recharts (a maintained chart library): bars or a
// pie, responsive, with tooltips. Labels come translated from the caller. The figures are also
// in a visually hidden table, for screen readers (the drawing is an image to them) and tests.
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartDatum {
  label: string;
  value: number;
  /** Longer text for the tooltip. */
  title?: string;
}

const COLORS = ['#b5451b', '#2f6f8f', '#5b8c3a', '#c49a2c', '#7a4f9a', '#3a8c84', '#a33b5e', '#6b6b6b'];

export function Chart({
  kind = 'bar',
  data,
  label,
  testId,
  height = 260,
  format = (v: number) => String(v),
}: {
  kind?: 'bar' | 'pie';
  data: ChartDatum[];
  label: string;
  testId?: string;
  height?: number;
  /** How a value is shown in the tooltip (e.g. taka with 2 decimals). */
  format?: (value: number) => string;
}) {
  const tooltip = (
    <Tooltip
      formatter={(value) => format(Number(value))}
      labelFormatter={(l, payload) => (payload?.[0]?.payload as ChartDatum | undefined)?.title ?? String(l)}
    />
  );
  return (
    <figure className="chart-figure" data-testid={testId}>
      <div className="chart" role="img" aria-label={label} style={{ width: '100%', height }}>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'pie' ? (
            <PieChart>
              <Pie data={data} dataKey="value" nameKey="label" outerRadius="80%" isAnimationActive={false}>
                {data.map((d, i) => (
                  <Cell key={d.label} fill={COLORS[i % COLORS.length]} />
                ))}
              </Pie>
              {tooltip}
              <Legend />
            </PieChart>
          ) : (
            <BarChart data={data} margin={{ top: 12, right: 12, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" interval="preserveStartEnd" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
              {tooltip}
              <Bar dataKey="value" name={label} fill={COLORS[0]} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
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
