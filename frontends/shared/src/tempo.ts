// The metronome's tempo range (spec §2, §9: 40-280 BPM, default 100, four beats per measure), apart
// from the click engine (@taal/web-shared/clicks) so that the footer can draw its controls and
// load the engine only when it is first started.
export const MIN_BPM = 40;
export const MAX_BPM = 280;
export const DEFAULT_BPM = 100;
export const BEATS_PER_MEASURE = 4;

export const validBpm = (value: number): boolean => Number.isInteger(value) && value >= MIN_BPM && value <= MAX_BPM;
