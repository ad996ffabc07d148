declare module '*.css';
/** A font file imported by the code: Rsbuild emits it (content-hashed) and gives its URL. */
declare module '*.woff2' {
  const url: string;
  export default url;
}
