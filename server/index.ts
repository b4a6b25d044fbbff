/**
 * `npm start`. React and React Router choose their production build when first loaded, so the
 * mode is set before anything else is imported.
 */
process.env.NODE_ENV ??= "production";
await import("./main.ts");
export {};
