import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const TEST_RULES = [
  { selector: "CallExpression[callee.property.name='only']", message: "No focused tests." },
  { selector: "CallExpression[callee.property.name=/^(skip|skipIf|runIf|todo)$/]", message: "No skipped tests: register a test only where it applies." },
  { selector: "CallExpression[callee.object.property.name=/^(skip|skipIf|runIf|todo)$/]", message: "No skipped tests: register a test only where it applies." },
];
/** A path of our own site that is not an API, file or media URL. */
const INTERNAL = "/^\\/(?!\\/|api\\/|files\\/|media\\/)/";
const LINK_MESSAGE = "Public links keep the page's language: use lp(path) from useLocalePath() (app/lib/use-locale-path.ts).";

// Direction of imports (ARCHITECTURE "Direction of imports"): routes → features → components / lib → db.
// no-restricted-imports set in a later block replaces the earlier one for its files, so every block below
// repeats these paths.
const RESTRICTED_PATHS = [
  {
    name: "react-i18next",
    importNames: ["useTranslation"],
    message: "Use useI18n from ~/lib/use-i18n.ts (same result, without a per-render copy of the instance).",
  },
];
/** Any import of a feature module: by the ~ alias or by a relative path through a features folder. */
const ANY_FEATURE = "^(~/features/|(\\.{1,2}/)+(app/)?features/)";
const SHARED_MESSAGE =
  "app/lib, app/domain, app/components, app/emails and app/middleware never import app/features: move shared domain logic to app/domain (infrastructure to app/lib), or compose in the route or in app/bootstrap.server.ts.";
/** Feature folders, each allowed its own *.server.ts but not another feature's. */
const FEATURES = fs.readdirSync(path.join(import.meta.dirname, "app/features"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "test-results/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { paths: RESTRICTED_PATHS }],
      "no-restricted-syntax": ["error", ...TEST_RULES],
    },
  },
  {
    // Shared code below the features: the start-up wiring (app/bootstrap.server.ts) is the one module
    // outside app/routes and app/features that composes features.
    files: ["app/lib/**/*.{ts,tsx}", "app/domain/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}", "app/emails/**/*.{ts,tsx}", "app/middleware/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
    // root.tsx is the root route (its loader reads the layout's data from features).
    ignores: ["app/bootstrap.server.ts", "app/root.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: RESTRICTED_PATHS, patterns: [{ regex: ANY_FEATURE, message: SHARED_MESSAGE }] }],
    },
  },
  // A feature does not import another feature's server modules (a shared piece moves to app/lib; a route or
  // the bootstrap composes two features). Its own files, and other features' schemas and components, are
  // fine. A relative import stays inside the feature's folder, so every import of another folder goes
  // through ~/ where this rule sees it (one block per folder depth: `depth + 1` times "../" leaves it).
  ...FEATURES.flatMap((name) =>
    [0, 1, 2, 3].map((depth) => ({
      files: [`app/features/${name}/${"*/".repeat(depth)}*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            paths: RESTRICTED_PATHS,
            patterns: [
              {
                regex: `^~/features/(?!${name}/)[^/]+/(.+/)?[^/]+\\.server\\.tsx?$`,
                message: `features/${name} may not import another feature's *.server.ts: move the shared piece to app/domain, or compose the two in the route.`,
              },
              {
                regex: `^(\\.\\./){${depth + 1}}(?!(\\.\\./)*tests/)`,
                message: "A relative import stays inside the feature's folder: import other folders by ~/ (the boundary rule reads those).",
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    // App code: a function of more than 150 lines is split into parts named for what they are.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Public pages: every internal link carries the page's language (D19 revised). A literal "/about"
    // would drop it; build links with useLocalePath() / localePath() instead.
    files: [
      "app/routes/site/**/*.tsx",
      "app/components/layout/**/*.tsx",
      "app/components/site/**/*.tsx",
      "app/features/catalog/**/*.tsx",
      "app/features/contact/**/*.tsx",
      "app/features/enrollments/components/enrollment-*.tsx",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...TEST_RULES,
        { selector: `JSXAttribute[name.name=/^(to|href|action)$/] > Literal[value=${INTERNAL}]`, message: LINK_MESSAGE },
        {
          selector: `JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > Literal[value=${INTERNAL}]`,
          message: LINK_MESSAGE,
        },
        {
          selector: `JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=${INTERNAL}]`,
          message: LINK_MESSAGE,
        },
      ],
    },
  },
);
