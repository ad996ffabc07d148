declare module '*.css';
/** A font file imported by the code: Rsbuild emits it (content-hashed) and gives its URL. */
declare module '*.woff2' {
  const url: string;
  export default url;
}
/**
 * True in the server's build of first screens (web/first-screen/rsbuild.config.mjs), false in the
 * browser's (shared/rsbuild-base.mjs), so browser bundles drop the server's code; undefined where
 * nothing defines it (a test run): read it as `typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER`.
 */
declare const FIRST_SCREEN_SERVER: boolean;
