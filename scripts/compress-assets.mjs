// Compresses the build's hashed scripts and stylesheets once, at their best levels: NAME.br
// (brotli 11) and NAME.gz (gzip 9) beside each file of build/client/assets. The server's asset
// handler (server/http/serve-assets.ts) sends these as they are, so no request pays for
// compression and a visitor gets brotli's smaller bytes (decision 092).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.join("build", "client", "assets");
let raw = 0;
let br = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const file = path.join(dir, name);
  const bytes = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  br += brotli.length;
}
console.log(
  `compress-assets: ${(raw / 1e6).toFixed(2)} MB of scripts and styles, ${(br / 1e6).toFixed(2)} MB as brotli`,
);
