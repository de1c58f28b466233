import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
  // The server's own entry (scripts/start.ts, server.ts) compiled beside the app: `npm start` runs it with
  // plain node (scripts/lib/build.ts buildServerEntry; issue 18 point 5).
  async buildEnd({ viteConfig }) {
    const { buildServerEntry } = await import("./scripts/lib/build.ts");
    await buildServerEntry(viteConfig.root);
  },
} satisfies Config;
