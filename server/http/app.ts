import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_ENDPOINT, UPLOAD_MESSAGES } from "~/lib/uploads";
import { SIMULATED_DEPOSIT_PATH } from "~/lib/validation/dashboard/simulated-deposit";
import { followUpCardEvent } from "../card-payments/follow-up-card-event.ts";
import { getStripe } from "../card-payments/stripe-client.ts";
import { getConfig, simulatedDepositsAllowed } from "../config.ts";
import { getDatabase, getDb } from "../db/client.ts";
import { CLIENT_IP_HEADER } from "../lib/client-ip.ts";
import { drainListeners } from "../lib/drain-listeners.ts";
import { projectRoot } from "../lib/paths.ts";
import { logRequest } from "../lib/request-log.ts";
import { readOrCreateOpsToken } from "../ops/ops-token.ts";
import { opsRouter } from "../ops/router.ts";
import { apiSecurityHeaders, pageSecurityHeaders, securityHeaders } from "../security/headers.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { telegramWebhookMiddleware } from "../telegram/telegram-webhook.ts";
import { bodyLimits } from "./body-limits.ts";
import { crossSiteGuard } from "./cross-site-guard.ts";
import { handleUncaughtError } from "./error-handler.ts";
import { methodGuard } from "./method-guard.ts";
import { createPageCache } from "./page-cache/page-cache.ts";
import { noStoreForPrivatePaths } from "./private-paths.ts";
import { requestGuard } from "./request-guard.ts";
import { serveAssets } from "./serve-assets.ts";
import { serveSocialImages } from "./serve-social-images.ts";
import { serveUploads } from "./serve-uploads.ts";
import { STRIPE_WEBHOOK_PATH, stripeWebhook } from "./stripe-webhook.ts";

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
    /** Set by entry.server's handleError when a loader failed because the database is away: the answer becomes 503. */
    databaseUnavailable?: boolean;
  }
}

export type AppOptions = {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  /** Vite's middlewares in development; static files from build/client otherwise. */
  devMiddleware?: RequestHandler;
};

export function createApp(options: AppOptions) {
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses (never "trust everything"): req.ip is then the
  // address the last trusted proxy saw, not one the client wrote into X-Forwarded-For.
  app.set("trust proxy", config.trustProxy);
  const clientDir = path.join(projectRoot(), "build", "client");

  // The build's hashed scripts and stylesheets, first: they carry only the headers a subresource
  // needs, not the page headers set below (decision 092).
  if (!options.devMiddleware) app.use(serveAssets(path.join(clientDir, "assets")));

  // Before anything reads the URL: a Host or forwarded header that cannot be parsed is a 400,
  // and every response, API ones included, carries nosniff, frame protection and a CSP.
  app.use(apiSecurityHeaders());
  app.use(requestGuard());
  app.use(noStoreForPrivatePaths());
  app.use((req, res, next) => {
    // Overwrite whatever the client sent: this header is ours (Better Auth and the rate
    // limits read it), and `req.ip` honours X-Forwarded-For only when TRUST_PROXY is set.
    const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
    req.headers[CLIENT_IP_HEADER] = ip;
    const started = process.hrtime.bigint();
    res.on("finish", () => logRequest({ method: req.method, path: req.path, status: res.statusCode, started }));
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const ok = await getDatabase().ping(2000);
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "unavailable", database: ok });
  });

  // Better Auth's HTTP endpoints are not mounted: every account flow goes through our own
  // routes, which call auth.api.* on the server after our validation and rate limits. Mounted,
  // they let a caller skip both (sign in past the per-email limit, rename an account).
  app.all("/api/auth/{*path}", (_req, res) => {
    res.status(404).set("Cache-Control", "no-store").json({ error: "Not found." });
  });

  // A simulated deposit is for trying the site out: in production its path does not exist.
  if (!simulatedDepositsAllowed()) {
    app.all(SIMULATED_DEPOSIT_PATH, (_req, res) => {
      res.status(404).set("Cache-Control", "no-store").json({ error: "Not found." });
    });
  }

  // Operator API: bearer token only, JSON only, never cached.
  readOrCreateOpsToken();
  app.use(
    "/api/ops",
    (_req, res, next) => {
      res.set("Cache-Control", "no-store");
      next();
    },
    opsRouter(readOrCreateOpsToken),
  );

  // Telegram updates (webhook mode): refused with 401 without the secret-token header.
  const telegram = config.telegram;
  app.post(
    "/api/telegram/webhook",
    telegramWebhookMiddleware({
      bot: getTelegramBot(),
      secret: telegram.webhookUrl ? telegram.webhookSecret : undefined,
    }),
  );

  // Stripe's card payment events: raw body, Stripe's signature, no cookies; 404 without the keys.
  app.post(
    STRIPE_WEBHOOK_PATH,
    stripeWebhook({
      stripe: () => {
        const client = getStripe();
        return client && config.stripe ? { client, webhookSecret: config.stripe.webhookSecret } : undefined;
      },
      getDb,
      afterEvent: async (outcome) => {
        await followUpCardEvent({ db: getDb(), outcome });
      },
    }),
  );

  // Uploaded images: WebP, already compressed, so before compression; named by
  // content, so cached for good. Served from a bucket's own address when S3_PUBLIC_URL says so,
  // and the pages' CSP then lets images come from there.
  app.get("/uploads/:name", serveUploads({ publicUrl: config.uploadsPublicUrl }));
  // Link-preview images: the site's images and uploads as 1200×630 JPEG, which every app reads.
  app.get(
    "/og/{*image}",
    serveSocialImages({
      // The development server serves public/ as it is; a build holds its own copy.
      folders: [path.join(projectRoot(), options.devMiddleware ? "public" : path.join("build", "client"))],
    }),
  );
  const imgSrc = config.uploadsPublicUrl ? new URL(config.uploadsPublicUrl).origin : undefined;

  // Mutations from another site are refused here, before React Router (which would log a stack
  // trace for each) and before any body is read; the operator API and the webhooks above take no
  // cookies and never get here.
  app.use(crossSiteGuard({ getBuild: options.getBuild }));
  // A mutation to an address without an action: 405 here, not a framework stack trace per request.
  app.use(methodGuard({ getBuild: options.getBuild }));

  // Pages and their actions: bodies capped before anything reads them (the operator API and the
  // Telegram webhook above have their own, smaller or larger, JSON limits). The back office's
  // image upload is the one place that takes a file, up to its own limit.
  app.use(
    bodyLimits({
      uploads: { [UPLOAD_ENDPOINT]: { maxBytes: UPLOAD_BODY_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.tooLarge } },
    }),
  );
  app.use(compression());
  // compression() forgets to remove "drain" listeners; a large page would pile them up.
  app.use(drainListeners());
  app.use(securityHeaders({ production: config.isProduction, dev: Boolean(options.devMiddleware), imgSrc }));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    // Hashed file names never change content: cache them for a year (what serveAssets leaves).
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  const getLoadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: String(res.locals.cspNonce ?? ""),
    clientIp: String(req.headers[CLIENT_IP_HEADER] ?? "unknown"),
  });
  if (!options.devMiddleware) {
    const pageCache = createPageCache({
      getBuild: options.getBuild,
      ttlSeconds: config.pageCacheSeconds,
      loadContext: getLoadContext,
      imgSrc,
      securityHeaders: pageSecurityHeaders({ production: config.isProduction }),
    });
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
  app.use(handleUncaughtError);
  return app;
}
