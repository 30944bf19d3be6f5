// pg ships its value conversion (pg/lib/utils.js) without type declarations; this declares the one
// function text-rows-query.ts uses, checked against node_modules/pg/lib/utils.js, as pg-cursor uses it.
declare module 'pg/lib/utils.js' {
  const utils: {
    /** A JavaScript value as pg sends it as a parameter: text (arrays as array literals, objects as JSON), a Buffer, or null. */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
