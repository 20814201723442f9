import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { strainAnalysisMessages, strainAnalysisSchema } from "#api/contracts/strain-analysis";
import { bearer, createMember, errorOf, post, recordingLogger } from "../helpers/accounts";
import { defaultAnswer, type OpenAiBehaviour, startFakeOpenAi } from "../helpers/fake-openai";
import { GIF, JPEG, MB, PDF, PNG, padded, SVG, WEBP } from "../helpers/sample-files";
import { startTestApp, type TestApp } from "../helpers/test-app";

const KEY = "sk-test-strain-analysis-key";
const MODEL = "gpt-test-vision";
// Room for a 10 MB image to reach the fake on a busy machine (2 s was not, under a load of 12 on
// two cores); the timeout case waits two of these (one retry).
const TIMEOUT_MS = 5000;
const PATH = "/api/admin/strain-analysis";

let model: Awaited<ReturnType<typeof startFakeOpenAi>>;
let t: TestApp;
const log = recordingLogger();
let staffToken: string;
let memberToken: string;

beforeAll(async () => {
  model = await startFakeOpenAi();
  t = await startTestApp({
    log,
    env: {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: model.url,
      OPENAI_MODEL: MODEL,
      OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  staffToken = (await createMember(t, { roles: ["employee"] })).token;
  memberToken = (await createMember(t)).token;
});
afterAll(async () => {
  await t.close();
  await model.close();
});
afterEach(() => model.behave({ kind: "answer", content: JSON.stringify(defaultAnswer) }));

const analyze = (imageBase64: unknown, token = staffToken) =>
  t.app.request(PATH, post({ imageBase64 }, bearer(token)));
const base64Of = (bytes: Buffer) => bytes.toString("base64");
const failed = (code: string) => ({ code, message: strainAnalysisMessages.failed });

describe("POST /api/admin/strain-analysis", () => {
  it("sends the image and the model with the key as Bearer and answers the analysis with ranked catalogue strains", async () => {
    const image = base64Of(padded(PNG, 2048));
    const res = await analyze(`data:image/png;base64,${image}`);
    expect(res.status).toBe(200);
    const analysis = strainAnalysisSchema.parse(await res.json());
    expect(analysis.strainType).toBe("Indica");
    expect(analysis.description).toBe(defaultAnswer.description);
    expect(analysis.features).toEqual(defaultAnswer.features);
    // Deep purple, dense buds, orange hairs (pistils), frosty trichomes: the three strains with
    // three whole traits seen, in catalogue order, then those with two and a half.
    expect(analysis.suggestions.map((s) => s.name)).toEqual([
      "Granddaddy Purple",
      "Purple Punch",
      "Purple Urkle",
      "Grape Ape",
      "Obama Kush",
    ]);
    expect(analysis.suggestions.every((s) => s.type === "Indica")).toBe(true);

    expect(model.calls).toHaveLength(1);
    const call = model.calls[0];
    expect(call?.path).toBe("/v1/chat/completions");
    expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call?.body.model).toBe(MODEL);
    const user = call?.body.messages.find((m) => m.role === "user");
    expect(user?.content).toEqual([
      { type: "image_url", image_url: { url: `data:image/png;base64,${image}` } },
    ]);
    expect(call?.body.response_format?.type).toBe("json_schema");
    expect(call?.body.response_format?.json_schema?.strict).toBe(true);
    expect(JSON.stringify(call?.body.response_format?.json_schema?.schema)).toContain("strain_type");
  });

  it("takes bare base64 (the spec's form) and names the type the bytes show, whatever a data: URL claims", async () => {
    for (const [sent, type] of [
      [base64Of(JPEG), "image/jpeg"],
      [`data:image/png;base64,${base64Of(WEBP)}`, "image/webp"],
      [base64Of(GIF), "image/gif"],
    ] as const) {
      const res = await analyze(sent);
      expect(res.status).toBe(200);
      const user = model.calls.at(-1)?.body.messages.find((m) => m.role === "user");
      const content = user?.content as { image_url: { url: string } }[];
      expect(content[0]?.image_url.url.startsWith(`data:${type};base64,`)).toBe(true);
    }
  });

  it("suggests strains of the type the model saw, best trait match first", async () => {
    model.behave({
      kind: "answer",
      content: JSON.stringify({
        strain_type: "Sativa",
        description: "Long airy spears with golden hues.",
        features: ["Long spears", "Golden hues", "Airy buds", "Red hairs"],
      }),
    });
    const analysis = strainAnalysisSchema.parse(await (await analyze(base64Of(PNG))).json());
    expect(analysis.strainType).toBe("Sativa");
    expect(analysis.suggestions).toHaveLength(5);
    expect(analysis.suggestions.every((s) => s.type === "Sativa")).toBe(true);
  });

  describe("answers 502 with the spec's message, and invents nothing, when the model", () => {
    const cases: [string, OpenAiBehaviour, number][] = [
      ["answers something that is not JSON", { kind: "answer", content: "Looks like an Indica to me!" }, 1],
      [
        "answers an unknown strain type",
        { kind: "answer", content: JSON.stringify({ ...defaultAnswer, strain_type: "Ruderal" }) },
        1,
      ],
      [
        "answers too many features",
        {
          kind: "answer",
          content: JSON.stringify({
            ...defaultAnswer,
            features: Array.from({ length: 9 }, (_, i) => `f${i}`),
          }),
        },
        1,
      ],
      [
        "answers a blank description",
        { kind: "answer", content: JSON.stringify({ ...defaultAnswer, description: " " }) },
        1,
      ],
      ["answers without a field", { kind: "answer", content: JSON.stringify({ strain_type: "Indica" }) }, 1],
      ["refuses", { kind: "refusal" }, 1],
      // The SDK retries these once.
      ["is rate limited (429)", { kind: "status", status: 429 }, 2],
      ["fails (500)", { kind: "status", status: 500 }, 2],
      ["hangs up", { kind: "hangUp" }, 2],
      ["takes longer than OPENAI_TIMEOUT_MS", { kind: "slow", ms: TIMEOUT_MS * 3 }, 2],
    ];
    it.each(cases)("%s", async (_name, behaviour, attempts) => {
      model.behave(behaviour);
      const before = model.calls.length;
      const res = await analyze(base64Of(PNG));
      expect(res.status).toBe(502);
      expect(await errorOf(res)).toEqual(failed("bad_gateway"));
      expect(model.calls.length - before).toBe(attempts);
    });

    it("and the failure is logged without the key", () => {
      expect(log.lines.some((line) => line.message === "strain analysis failed")).toBe(true);
      expect(JSON.stringify(log.lines)).not.toContain(KEY);
    });
  });

  describe("refuses an image that is not one", () => {
    it.each([
      ["a PDF", base64Of(PDF)],
      ["an SVG", base64Of(SVG)],
      ["an SVG claiming to be a PNG", `data:image/png;base64,${base64Of(SVG)}`],
      ["random bytes", base64Of(Buffer.from("just some text, not an image"))],
    ])("415 for %s", async (_name, sent) => {
      const before = model.calls.length;
      const res = await analyze(sent);
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({
        code: "unsupported_media_type",
        message: strainAnalysisMessages.wrongType,
      });
      expect(model.calls.length).toBe(before);
    });

    it.each([
      ["no base64", "not base64!"],
      ["an empty string", ""],
      ["a number", 42],
      ["a data: URL that is not base64", "data:image/png,%89PNG"],
    ])("400 for %s", async (_name, sent) => {
      const res = await analyze(sent);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "bad_request", message: strainAnalysisMessages.notBase64 });
    });
  });

  describe("size", () => {
    it("analyses an image of exactly 10 MB sent as a data: URL (past the 64 KB JSON limit of other routes)", async () => {
      const res = await analyze(`data:image/png;base64,${base64Of(padded(PNG, 10 * MB))}`);
      expect(res.status).toBe(200);
    });

    it("413 for an image one byte over 10 MB", async () => {
      const res = await analyze(base64Of(padded(PNG, 10 * MB + 1)));
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ code: "too_large", message: strainAnalysisMessages.tooLarge });
    });

    it("413 for a body past the route's limit", async () => {
      const res = await analyze("A".repeat(15 * MB));
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ code: "too_large", message: strainAnalysisMessages.tooLarge });
    });
  });

  describe("who may call it", () => {
    it("is for staff: 401 signed out, 403 for a member, before the body is read", async () => {
      const huge = JSON.stringify({ imageBase64: "A".repeat(15 * MB) });
      const anonymous = await t.app.request(PATH, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: huge,
      });
      expect(anonymous.status).toBe(401);
      const member = await t.app.request(PATH, {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(memberToken) },
        body: huge,
      });
      expect(member.status).toBe(403);
    });

    it("is open to moderators and admins too", async () => {
      for (const role of ["moderator", "admin"] as const) {
        const { token } = await createMember(t, { roles: [role] });
        expect((await analyze(base64Of(PNG), token)).status).toBe(200);
      }
    });
  });
});

describe("without OPENAI_API_KEY", () => {
  let bare: TestApp;
  let token: string;
  beforeAll(async () => {
    bare = await startTestApp();
    token = (await createMember(bare, { roles: ["employee"] })).token;
  });
  afterAll(() => bare.close());
  const analyzeBare = (imageBase64: string) => bare.app.request(PATH, post({ imageBase64 }, bearer(token)));

  it("answers 503 with the spec's message", async () => {
    const res = await analyzeBare(base64Of(PNG));
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toEqual(failed("unavailable"));
  });

  it("still judges the image first", async () => {
    expect((await analyzeBare(base64Of(PDF))).status).toBe(415);
  });
});
