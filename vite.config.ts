import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModulesPlugin } from "./scripts/js-budget.ts";

export default defineConfig({
  // chunkModulesPlugin + build.manifest: the records `npm run budget` reads (build/client/.vite/, not served).
  plugins: [tailwindcss(), reactRouter(), chunkModulesPlugin()],
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "@db": path.resolve(import.meta.dirname, "db"),
    },
  },
  build: { assetsInlineLimit: 0, manifest: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The framework every page runs (React, React Router, i18next) in one chunk: one request, and
            // gzip compresses it better than as a dozen pieces (the JS budget, docs/decisions/005-js-budget.md).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|use-sync-external-store|cookie|set-cookie-parser|html-parse-stringify|void-elements)[\\/]/,
                },
                {
                  // The small helpers every public page uses (links, language, digits, names): one chunk instead
                  // of a dozen files of a few hundred bytes, each with its own request and gzip overhead.
                  name: "site-lib",
                  // Also what the root renders on every page (the error page, the language switcher, icons, toasts,
                  // the visit capture, the locale loader): each was a chunk of its own on every page.
                  test: /app[\\/](lib[\\/](locale-url|use-locale-path|catalog-links|digits|phone|collation|initials|format|i18n|use-i18n|seo|direction-controls|visit-capture|i18n-client|locale-files|hooks[\\/](use-hydrated|use-menu-disclosure|use-fragment-dialog))|components[\\/](ui[\\/](bidi|site-link|brand-icons|toast)|icons[\\/]icon|layout[\\/](error-page|language-switcher)|nonce|json-ld))\.tsx?$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
