import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import type { Server } from "node:net";
import { join, resolve } from "node:path";
import { type Config, ConfigError } from "./config";

const reason = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/**
 * The settings that name directories, checked before anything opens them, each refusal one line:
 * DATA_DIR must be a directory this process can write (made when missing), STATIC_DIR, when set,
 * must hold the built Mini App.
 */
export function checkDirectories(config: Pick<Config, "DATA_DIR" | "STATIC_DIR">): void {
  const dataDir = resolve(config.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new ConfigError(`DATA_DIR: cannot write to ${dataDir} (${reason(error)})`);
  }
  if (config.STATIC_DIR) {
    const staticDir = resolve(config.STATIC_DIR);
    if (!existsSync(join(staticDir, "index.html"))) {
      throw new ConfigError(
        `STATIC_DIR: ${staticDir} holds no index.html: point it at the built Mini App (npm run build makes dist/miniapp)`,
      );
    }
  }
}

/**
 * Listens on `port` at `host`; a port another process holds, one below 1024 without the right, or
 * a host that is no address of this machine is one line naming the setting.
 */
export function listen(
  server: Server,
  setting: "PORT" | "METRICS_PORT",
  port: number,
  host: string,
): Promise<void> {
  return new Promise((done, fail) => {
    const refused = (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "";
      if (code === "EADDRINUSE") {
        fail(new ConfigError(`${setting}: ${host}:${port} is in use by another process (EADDRINUSE)`));
      } else if (code === "EACCES") {
        fail(
          new ConfigError(
            `${setting}: ${port} needs privileges this process lacks (EACCES): use 1024 or above`,
          ),
        );
      } else if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
        fail(new ConfigError(`HOST: ${host} is no address of this machine (${code})`));
      } else {
        fail(new ConfigError(`${setting}: cannot listen on ${host}:${port} (${error.message})`));
      }
    };
    server.once("error", refused);
    server.listen(port, host, () => {
      server.off("error", refused);
      done();
    });
  });
}
