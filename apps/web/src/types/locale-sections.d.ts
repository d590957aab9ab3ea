/** A locale file without the sections that lazy screens add themselves (vite-plugins/locale-sections.ts). */
declare module '*.json?without=moderation' {
  const strings: Record<string, unknown>;
  export default strings;
}
