// A small hand-written SVG bar chart (no chart library: the admin bundle stays light).
export interface Bar {
  label: string;
  value: number;
  /** Longer text for the tooltip. */
  title?: string;
}

const W = 720;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 40 };

export function BarChart({ bars, label, testId }: { bars: Bar[]; label: string; testId?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const ticks = max <= 4 ? Array.from({ length: max + 1 }, (_, i) => i) : [0, Math.round(max / 4), Math.round(max / 2), Math.round((3 * max) / 4), max];
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, bars.length);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  // Label at most ~12 bars so the axis stays readable.
  const every = Math.max(1, Math.ceil(bars.length / 12));
  return (
    <svg className="bar-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid={testId}>
      {ticks.map((tk) => (
        <g key={tk}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(tk)} y2={y(tk)} className="grid-line" />
          <text x={PAD.left - 6} y={y(tk) + 4} textAnchor="end" className="axis-label">
            {tk}
          </text>
        </g>
      ))}
      {bars.map((b, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const top = y(b.value);
        return (
          <g key={`${b.label}-${i}`} data-testid="chart-bar" data-value={b.value}>
            <rect x={x} y={top} width={barW} height={PAD.top + innerH - top} rx={2} className="bar">
              <title>{`${b.title ?? b.label}: ${b.value}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + barW / 2} y={H - PAD.bottom + 16} textAnchor="middle" className="axis-label">
                {b.label}
              </text>
            )}
          </g>
        );
      })}
      <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} className="axis" />
    </svg>
  );
}
