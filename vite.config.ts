import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Rolldown's note of the time spent in plugins comes in colour whatever the output is: shown in
  // a terminal, left out of a log written to a file (`npm test > file`).
  build: { rolldownOptions: { checks: { bundlerTimings: process.stdout.isTTY === true } } },
});
