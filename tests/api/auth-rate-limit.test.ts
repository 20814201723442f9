import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, errorOf, MINUTE, post, TestClock, uniqueEmail } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now, env: { TRUST_PROXY: "true" } });
});
afterAll(() => t.close());

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;
const login = (email: string, password: string, address: string) =>
  t.app.request("/api/auth/login", post({ email, password }, { "x-forwarded-for": `10.0.0.1, ${address}` }));

async function expectLimited(res: Response, minutes: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(Math.ceil(Number(res.headers.get("retry-after")) / 60)).toBe(minutes);
  expect(await errorOf(res)).toEqual({
    code: "rate_limited",
    message: `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  });
}

describe("login limits", () => {
  it("per account: 5 failures in 15 minutes, from any addresses; then even the right password waits", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 5; i++) {
      expect((await login(member.email, "Wrong-pass-1", newAddress())).status).toBe(401);
      clock.advance(MINUTE);
    }
    await expectLimited(await login(member.email, member.password, newAddress()), 10);
    clock.advance(10 * MINUTE);
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
  });

  it("a success clears the account's count", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 4; i++) await login(member.email, "Wrong-pass-1", newAddress());
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(member.email, "Wrong-pass-1", newAddress())).status).toBe(401);
  });

  it("per address: 20 failures in 15 minutes across accounts", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await login(uniqueEmail("guess"), "Wrong-pass-1", address)).status).toBe(401);
    }
    const member = await createMember(t);
    await expectLimited(await login(member.email, member.password, address), 15);
    expect((await login(member.email, member.password, newAddress())).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login(member.email, member.password, address)).status).toBe(200);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const direct = await startTestApp();
    try {
      for (let i = 0; i < 20; i++) {
        const res = await direct.app.request(
          "/api/auth/login",
          post({ email: uniqueEmail(), password: "Wrong-pass-1" }, { "x-forwarded-for": `192.0.2.${i}` }),
        );
        expect(res.status).toBe(401);
      }
      const res = await direct.app.request(
        "/api/auth/login",
        post({ email: uniqueEmail(), password: "Wrong-pass-1" }, { "x-forwarded-for": "192.0.2.200" }),
      );
      expect(res.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("password reset limits", () => {
  const reset = (email: string, address: string) =>
    t.app.request("/api/auth/password-reset", post({ email }, { "x-forwarded-for": address }));

  it("per account: 5 requests in 15 minutes, whether or not the email exists", async () => {
    for (const email of [(await createMember(t)).email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 5; i++) expect((await reset(email, newAddress())).status).toBe(200);
      await expectLimited(await reset(email, newAddress()), 15);
    }
    clock.advance(15 * MINUTE);
  });

  it("per address: 20 requests in 15 minutes", async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i++) expect((await reset(uniqueEmail(), address)).status).toBe(200);
    await expectLimited(await reset(uniqueEmail(), address), 15);
  });

  it("wrong reset tokens count against the address", async () => {
    const address = newAddress();
    const confirm = () =>
      t.app.request(
        "/api/auth/password-reset/confirm",
        post(
          { token: "guess-guess-guess-guess", password: "Brand-New-1", confirmPassword: "Brand-New-1" },
          { "x-forwarded-for": address },
        ),
      );
    for (let i = 0; i < 20; i++) expect((await confirm()).status).toBe(400);
    expect((await confirm()).status).toBe(429);
  });
});

describe("client address", () => {
  it("comes from the socket under @hono/node-server", async () => {
    const { serve } = await import("@hono/node-server");
    const { Hono } = await import("hono");
    const { clientAddress } = await import("#api/auth/client-address");
    const probe = new Hono().get("/", (c) => c.text(`${clientAddress(c, false)}|${clientAddress(c, true)}`));
    const server = serve({ fetch: probe.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-forwarded-for": "1.2.3.4, 5.6.7.8" },
      });
      expect(await res.text()).toMatch(/^(::ffff:)?127\.0\.0\.1\|5\.6\.7\.8$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
