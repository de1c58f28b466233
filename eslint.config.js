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
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-i18next",
              importNames: ["useTranslation"],
              message: "Use useI18n from ~/lib/use-i18n.ts (same result, without a per-render copy of the instance).",
            },
          ],
        },
      ],
      "no-restricted-syntax": ["error", ...TEST_RULES],
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
