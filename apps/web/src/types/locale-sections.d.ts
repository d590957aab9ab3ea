/** A locale file that is empty in a build, where its sections come with the code (vite-plugins/locale-sections.ts). */
declare module '*.json?sections' {
  const strings: Record<string, unknown>;
  export default strings;
}
