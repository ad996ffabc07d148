// The drawing of a back-office chart on recharts (the back office's largest library): its own
// chunk, which Chart loads after the page's first screen (issue 28: a slow link).
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@taal/web-shared/format';
import type { ChartDatum } from './Chart';

const COLORS = ['#b5451b', '#2f6f8f', '#5b8c3a', '#c49a2c', '#7a4f9a', '#3a8c84', '#a33b5e', '#6b6b6b'];

export default function ChartDrawing({ kind, data, label, format }: { kind: 'bar' | 'pie'; data: ChartDatum[]; label: string; format: (value: number) => string }) {
  const tooltip = (
    <Tooltip
      formatter={(value) => format(Number(value))}
      labelFormatter={(l, payload) => (payload?.[0]?.payload as ChartDatum | undefined)?.title ?? String(l)}
    />
  );
  return (
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
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} tickFormatter={(v) => formatNumber(Number(v))} />
          {tooltip}
          <Bar dataKey="value" name={label} fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
