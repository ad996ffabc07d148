// hls.js's light build (no alternate audio, subtitles, DRM, CMCD or interstitials: about 40% smaller
// than the full one) has the same API; its package ships the full build's types only.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
