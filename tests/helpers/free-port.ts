import { createServer } from "node:net";

/** A port free on 127.0.0.1 now (the kernel's pick), for a server a test starts. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
