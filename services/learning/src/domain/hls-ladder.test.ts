import { ladderFor, readMediaPlaylist, renditionProblem, retryDelayMs } from './hls-ladder';

describe('the HLS ladder of a source', () => {
  const names = (shortSide: number) => ladderFor(shortSide).map((r) => `${r.name}@${r.videoKbps}k`);

  it('gets the standard rungs up to its own size, never upscaled', () => {
    expect(names(720)).toEqual(['240p@250k', '480p@1000k', '720p@2500k']);
    expect(names(480)).toEqual(['240p@250k', '480p@1000k']);
    expect(names(240)).toEqual(['240p@250k']);
  });

  it('keeps a clearly higher source as its own top rung, its bitrate scaled by the pixels', () => {
    expect(names(1080)).toEqual(['240p@250k', '480p@1000k', '720p@2500k', '1080p@5625k']);
    expect(names(360)).toEqual(['240p@250k', '360p@625k']);
    // At most 1080p: a 4K upload's top rung is 1080p.
    expect(names(2160)).toEqual(['240p@250k', '480p@1000k', '720p@2500k', '1080p@5625k']);
    // Just above a rung: no near-copy of it.
    expect(names(760)).toEqual(['240p@250k', '480p@1000k', '720p@2500k']);
  });

  it('gives a source below the lowest rung (the 180p demo lessons) one rung at its own size', () => {
    expect(names(180)).toEqual(['180p@200k']);
    expect(names(181)).toEqual(['180p@200k']); // even heights only
  });
});

describe('checking what ffmpeg wrote', () => {
  const playlist = (...seconds: number[]) =>
    ['#EXTM3U', '#EXT-X-TARGETDURATION:4', ...seconds.flatMap((s, i) => [`#EXTINF:${s.toFixed(6)},`, `seg_${String(i).padStart(3, '0')}.ts`]), '#EXT-X-ENDLIST', ''].join('\n');

  it('reads a media playlist’s segments and length', () => {
    expect(readMediaPlaylist(playlist(4, 4, 3.5))).toEqual({ segments: ['seg_000.ts', 'seg_001.ts', 'seg_002.ts'], seconds: 11.5, ended: true });
  });

  it('publishes a complete rendition as long as the source only', () => {
    expect(renditionProblem(readMediaPlaylist(playlist(4, 4, 4)), 12)).toBeNull();
    // A source that stops decoding after a second: ffmpeg exits 0 with a short rendition.
    expect(renditionProblem(readMediaPlaylist(playlist(1.24)), 12)).toMatch(/1\.2 s long, the source 12\.0 s/);
    expect(renditionProblem(readMediaPlaylist(playlist(4, 4, 4).replace('#EXT-X-ENDLIST', '')), 12)).toMatch(/incomplete/);
    expect(renditionProblem(readMediaPlaylist('#EXTM3U\n#EXT-X-ENDLIST\n'), 12)).toMatch(/incomplete/);
  });

  it('waits longer before each retry', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 120_000, 480_000]);
  });
});
