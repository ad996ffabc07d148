import { parseRange } from './range';

describe('HTTP Range header', () => {
  it('reads one bytes range: closed, open-ended and suffix, clamped to the size', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });
  it('answers the whole file for no header, an unreadable one or several ranges', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-5', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-5,10-20', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=9-3', 1000)).toEqual({ kind: 'whole' });
  });
  it('refuses a range past the end (416)', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5000-6000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });
});
