// The baseline: a bare node:http server sending the same bytes as the API, headers included.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]);
const headers = JSON.parse(readFileSync(process.argv[3], "utf8"));
const server = createServer((_req, res) => {
  res.writeHead(200, { ...headers, "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`PORT ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
