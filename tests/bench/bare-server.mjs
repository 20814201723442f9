// The baseline: a bare node:http server sending the given bytes with the same headers as the API.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]);
const etag = process.argv[3];
const server = createServer((_req, res) => {
  res.writeHead(200, {
    "Content-Type": "application/json; charset=UTF-8",
    "Content-Length": body.length,
    ETag: etag,
    "Cache-Control": "no-cache",
  });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`PORT ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
