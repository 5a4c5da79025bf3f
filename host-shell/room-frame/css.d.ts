/** Stylesheets are bundled as text (webpack `asset/source`) and injected by main.ts. */
declare module '*.css' {
  const css: string;
  export default css;
}
