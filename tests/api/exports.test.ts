import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell, csvLine } from "#api/domain/operations/csv";
import { EXPORT_BATCH } from "#api/domain/operations/exports";
import { csvDownload } from "#api/http/csv-download";
import { createLogger } from "#api/process/logger";
import { orderLines, orders, products } from "#db/schema/index";
import { bearer, createMember, errorOf } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let employee: Awaited<ReturnType<typeof createMember>>;
const EVIL = '=HYPERLINK("http://evil.example","x")';

beforeAll(async () => {
  t = await startTestApp();
  admin = await createMember(t, { roles: ["admin"], fullName: '@admin, "the first"' });
  employee = await createMember(t, { roles: ["employee"], fullName: "Emma Employee" });
  const db = t.services.database.db;
  const [product] = await db
    .insert(products)
    .values({ title: "+Blue Dream", creditPrice: "12.50", category: "Flower", stockQuantity: 3 })
    .returning();
  // More orders than one batch, over three days of January, so paging and the range both count.
  const count = EXPORT_BATCH + 20;
  const rows = Array.from({ length: count }, (_, i) => ({
    status: "placed",
    totalCredits: "12.50",
    deliveryName: i === 0 ? EVIL : `Buyer ${i}`,
    deliveryAddress: i === 1 ? "-1 Main St\nFloor 2" : `${i} Main St`,
    deliveryState: "CA",
    createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 3), 12)),
  }));
  const placed = await db.insert(orders).values(rows).returning({ id: orders.id });
  await db.insert(orderLines).values(
    placed.map((o) => ({
      orderId: o.id,
      productId: product?.id,
      title: "+Blue Dream",
      unitCredits: "12.50",
      quantity: 1,
    })),
  );
});
afterAll(() => t.close());

/** Parses RFC 4180 text (quoted cells with "" and line breaks) into records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else {
      cell += ch;
    }
  }
  return records;
}

const download = (path: string, token?: string) =>
  t.app.request(path, { headers: token ? bearer(token) : {} });

describe("csv cells", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(
        csvCell(`${start}1`).startsWith(`'${start}`) || csvCell(`${start}1`).startsWith(`"'${start}`),
      ).toBe(true);
    expect(csvCell(null)).toBe("");
    expect(csvCell(-3)).toBe("-3");
    expect(csvLine(["a", 1, true])).toBe("a,1,true\r\n");
  });

  it("quotes a semicolon, so a `;` locale keeps the cell whole, and defuses a formula after spaces or in fullwidth", () => {
    expect(csvCell(";=1+1")).toBe('";=1+1"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("  =1+1")).toBe("'  =1+1");
    expect(csvCell("\u00a0@SUM(A1)")).toBe("'\u00a0@SUM(A1)");
    for (const start of ["＝", "＋", "－", "＠"]) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell(" \t1")).toBe("' \t1");
    expect(csvCell("a=1")).toBe("a=1");
    expect(csvCell(" plain")).toBe(" plain");
  });
});

describe("a download that fails once it started", () => {
  async function* failing(): AsyncGenerator<string> {
    yield "a,b\r\n";
    throw Object.assign(new Error('invalid input syntax for type timestamp: "+010000-01-01"'), {
      severity: "ERROR",
      code: "22007",
    });
  }
  const logged: string[] = [];
  const app = new Hono().get("/x.csv", (c) =>
    csvDownload(
      c,
      createLogger("info", (line) => logged.push(line)),
      "x.csv",
      failing(),
    ),
  );

  it("is cut before its end, so a client cannot take it for a whole file, and logs one line", async () => {
    logged.length = 0;
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/x.csv`);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(logged).toHaveLength(1);
    const line = JSON.parse(logged[0] ?? "{}");
    expect(line).toMatchObject({ level: "error", message: "export failed", path: "/x.csv", code: "22007" });
    expect(logged[0]).not.toContain("+010000");
  });

  it("without a socket (a fetch handler) the body errors rather than ending", async () => {
    const res = await app.request("/x.csv");
    await expect(res.text()).rejects.toThrow("The export failed");
  });
});

describe("GET /api/admin/exports/orders.csv", () => {
  it("streams every order in the range as a CSV download, formulas made text", async () => {
    const res = await download("/api/admin/exports/orders.csv?from=2026-01-01&to=2026-01-03", employee.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="orders_2026-01-01_2026-01-03.csv"',
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [header, ...records] = parseCsv(await res.text());
    expect(header).toEqual([
      "number",
      "placed_at",
      "status",
      "total_credits",
      "items",
      "delivery_name",
      "delivery_address",
      "delivery_state",
    ]);
    expect(records).toHaveLength(EXPORT_BATCH + 20);
    const numbers = records.map((r) => Number(r[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(records[0]).toEqual([
      String(numbers[0]),
      "2026-01-01T12:00:00Z",
      "placed",
      "12.50",
      "1 × +Blue Dream",
      `'${EVIL}`,
      "0 Main St",
      "CA",
    ]);
    expect(records[1]?.[6]).toBe("'-1 Main St\nFloor 2");
  });

  it("keeps to the days asked for, both included", async () => {
    const res = await download("/api/admin/exports/orders.csv?from=2026-01-02&to=2026-01-02", admin.token);
    const records = parseCsv(await res.text()).slice(1);
    expect(records.length).toBe(Math.ceil((EXPORT_BATCH + 20 - 1) / 3));
    expect(records.every((r) => r[1]?.startsWith("2026-01-02"))).toBe(true);
    const none = await download("/api/admin/exports/orders.csv?from=2025-01-01&to=2025-12-31", admin.token);
    expect(parseCsv(await none.text())).toHaveLength(1);
  });

  it("refuses a bad date or a range that ends before it starts", async () => {
    const bad = await download("/api/admin/exports/orders.csv?from=yesterday", admin.token);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toEqual({ code: "bad_request", message: "Dates are YYYY-MM-DD" });
    const backwards = await download(
      "/api/admin/exports/orders.csv?from=2026-02-01&to=2026-01-01",
      admin.token,
    );
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).message).toBe("The start date must not be after the end date");
  });

  it("refuses a year the database cannot bound a range with", async () => {
    for (const query of ["to=9999-12-31", "from=0000-01-01", "from=1999-12-31", "to=3000-01-01"]) {
      const res = await download(`/api/admin/exports/orders.csv?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "bad_request",
        message: "Dates are between 2000-01-01 and 2999-12-31",
      });
    }
    const edge = await download("/api/admin/exports/orders.csv?from=2000-01-01&to=2999-12-31", admin.token);
    expect(edge.status).toBe(200);
    expect(parseCsv(await edge.text())).toHaveLength(EXPORT_BATCH + 21);
  });

  it("is for staff: 401 signed out, 403 for a member", async () => {
    expect((await download("/api/admin/exports/orders.csv")).status).toBe(401);
    const member = await createMember(t);
    expect((await download("/api/admin/exports/orders.csv", member.token)).status).toBe(403);
  });
});

describe("members and products", () => {
  it("admins get every account with roles, oldest first, names made safe", async () => {
    const res = await download("/api/admin/exports/members.csv", admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="members_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...records] = parseCsv(await res.text());
    expect(header).toEqual(["id", "joined_at", "full_name", "email", "telegram_username", "roles", "plan"]);
    expect(records[0]?.[0]).toBe(admin.userId);
    expect(records[0]?.[2]).toBe('\'@admin, "the first"');
    expect(records[0]?.[3]).toBe(admin.email);
    expect(records[0]?.[5]).toBe("admin");
    expect(records[1]?.slice(2, 6)).toEqual(["Emma Employee", employee.email, "", "employee"]);
  });

  it("admins get every product", async () => {
    const res = await download("/api/admin/exports/products.csv", admin.token);
    const [header, ...records] = parseCsv(await res.text());
    expect(header?.slice(0, 7)).toEqual([
      "id",
      "created_at",
      "title",
      "category",
      "strain_type",
      "credit_price",
      "stock_quantity",
    ]);
    expect(records).toHaveLength(1);
    expect(records[0]?.slice(2, 9)).toEqual(["'+Blue Dream", "Flower", "", "12.50", "3", "true", "false"]);
  });

  it("staff other than admins may not", async () => {
    expect((await download("/api/admin/exports/members.csv", employee.token)).status).toBe(403);
    expect((await download("/api/admin/exports/products.csv", employee.token)).status).toBe(403);
  });
});
