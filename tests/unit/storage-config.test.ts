import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#api/config";

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
};

describe("storage and body-limit configuration", () => {
  it("defaults to local disk and a 64 KB JSON body limit", () => {
    const config = loadConfig({});
    expect(config.STORAGE).toBe("local");
    expect(config.JSON_BODY_LIMIT).toBe(64 * 1024);
  });

  it("STORAGE=s3 without a bucket or keys names each missing variable", () => {
    const message = messageOf({ STORAGE: "s3", S3_ACCESS_KEY_ID: "id" });
    expect(message).toContain("S3_BUCKET: required when STORAGE=s3");
    expect(message).toContain("S3_SECRET_ACCESS_KEY: required when STORAGE=s3");
    expect(message).not.toContain("S3_ACCESS_KEY_ID");
  });

  it("accepts a complete S3 configuration and rejects a bad endpoint", () => {
    const s3 = { STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(loadConfig(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
    expect(messageOf({ ...s3, S3_ENDPOINT: "not a url" })).toContain("S3_ENDPOINT");
  });
});
