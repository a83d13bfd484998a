import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { toNodeHandler } from "better-auth/node";
import { getAuth } from "../auth/auth.ts";
import { getConfig } from "../config.ts";
import { getDatabase } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { projectRoot } from "../lib/paths.ts";
import { opsRouter } from "../ops/router.ts";
import { getOpsToken } from "../ops/ops-token.ts";
import { securityHeaders } from "../security/headers.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { telegramWebhookMiddleware } from "../telegram/telegram-webhook.ts";
import { CLIENT_IP_HEADER } from "./client-ip.ts";
import { createPageCache } from "./page-cache.ts";

export { CLIENT_IP_HEADER };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The anonymous page cache (production only); emptied when content changes. */
      pageCache?: ReturnType<typeof createPageCache>;
    }
  }
}

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    clientIp: string;
  }
}

export type AppOptions = {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  /** Vite's middlewares in development; static files from build/client otherwise. */
  devMiddleware?: RequestHandler;
};

export function createApp(options: AppOptions) {
  const config = getConfig();
  const log = getLogger();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use((req, res, next) => {
    // Overwrite whatever the client sent: this header is ours (Better Auth and the rate
    // limits read it), and `req.ip` honours X-Forwarded-For only when TRUST_PROXY is set.
    const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
    req.headers[CLIENT_IP_HEADER] = ip;
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const isAsset = req.path.startsWith("/assets/") || req.path.startsWith("/images/");
      log[isAsset ? "debug" : "info"](
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const ok = await getDatabase().ping(2000);
    res.status(ok ? 200 : 503).set("Cache-Control", "no-store").json({ status: ok ? "ok" : "unavailable", database: ok });
  });

  // Better Auth reads its own bodies: mount it before any body parser.
  const authHandler = toNodeHandler(getAuth());
  app.all("/api/auth/{*path}", (req, res) => {
    res.set("Cache-Control", "no-store");
    void authHandler(req, res);
  });

  // Operator API: bearer token only, JSON only, never cached.
  getOpsToken();
  app.use("/api/ops", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  }, opsRouter(getOpsToken));

  // Telegram updates (webhook mode): refused with 401 without the secret-token header.
  const telegram = config.telegram;
  app.post(
    "/api/telegram/webhook",
    telegramWebhookMiddleware({ bot: getTelegramBot(), secret: telegram.webhookUrl ? telegram.webhookSecret : undefined }),
  );

  app.use(compression());
  app.use(securityHeaders({ production: config.isProduction, dev: Boolean(options.devMiddleware) }));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const clientDir = path.join(projectRoot(), "build", "client");
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  const getLoadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: String(res.locals.cspNonce ?? ""),
    clientIp: String(req.headers[CLIENT_IP_HEADER] ?? "unknown"),
  });
  if (!options.devMiddleware) {
    const pageCache = createPageCache({ getBuild: options.getBuild, ttlSeconds: config.pageCacheSeconds, loadContext: getLoadContext });
    app.locals.pageCache = pageCache;
    app.use(pageCache.middleware);
  }
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: async () => options.getBuild(),
      mode: options.devMiddleware ? "development" : "production",
      getLoadContext,
    }),
  );
  return app;
}
