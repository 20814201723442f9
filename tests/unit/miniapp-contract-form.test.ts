import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { publishLegalSchema } from "#api/contracts/admin-legal";
import { authMessages, loginSchema, passwordResetConfirmSchema, signUpSchema } from "#api/contracts/auth";
import { checkWith, errorsAfterEdit, type FormRules } from "../../miniapp/src/lib/form-issues";
import { useContractForm } from "../../miniapp/src/lib/use-contract-form";

type ContractForm<V extends object, T = unknown> = ReturnType<typeof useContractForm<V, T>>;

const signUp = {
  fullName: "",
  email: "a@b.co",
  password: "Secret123",
  confirmPassword: "Secret123",
  ageConfirmed: true,
};
const signUpRules: FormRules<typeof signUp> = {
  input: (values) => ({ ...values, fullName: values.fullName.trim() || undefined }),
  matches: { field: "confirmPassword", of: "password", message: authMessages.passwordsDontMatch },
};

describe("checkWith: a form's values against the API's contract", () => {
  it("gives the contract's output, and the input it checked (what the request carries)", () => {
    const checked = checkWith(signUpSchema, { ...signUp, email: " a@b.co " }, signUpRules);
    expect(checked).toMatchObject({ ok: true, data: { email: "a@b.co" } });
    expect(checked.input).toMatchObject({ email: " a@b.co ", fullName: undefined });
  });

  it("gives the first message per field, and the first overall for the toast", () => {
    const checked = checkWith(loginSchema, { email: "nope", password: "" });
    expect(checked).toEqual({
      ok: false,
      first: authMessages.invalidEmail,
      fields: { email: authMessages.invalidEmail, password: authMessages.passwordRequired },
      input: { email: "nope", password: "" },
    });
  });

  it("says a mismatch on the confirmation even while other fields fail", () => {
    const values = { ...signUp, password: "short", confirmPassword: "other", ageConfirmed: false };
    // The contract alone waits for the fields before it compares.
    const alone = checkWith(signUpSchema, values);
    expect(alone.ok ? null : alone.fields.confirmPassword).toBeUndefined();
    expect(checkWith(signUpSchema, values, signUpRules)).toMatchObject({
      ok: false,
      first: authMessages.passwordMin,
      fields: {
        password: authMessages.passwordMin,
        confirmPassword: authMessages.passwordsDontMatch,
        ageConfirmed: authMessages.ageRequired,
      },
    });
    // Equal passwords: no mismatch is added to the others.
    const same = checkWith(signUpSchema, { ...values, confirmPassword: "short" }, signUpRules);
    expect(same.ok ? null : same.fields.confirmPassword).toBeUndefined();
  });

  it("keeps the contract's own mismatch when the fields pass", () => {
    const rules: FormRules<{ password: string; confirmPassword: string }> = {
      input: (values) => ({ token: "t", ...values }),
      matches: { field: "confirmPassword", of: "password", message: "not used" },
    };
    const checked = checkWith(
      passwordResetConfirmSchema,
      { password: "Secret123", confirmPassword: "x" },
      rules,
    );
    expect(checked).toMatchObject({
      ok: false,
      fields: { confirmPassword: authMessages.passwordsDontMatch },
    });
  });

  it("with firstOnly, shows the first message alone, on its field", () => {
    const values = { content: " ", version: "0", effectiveDate: "soon" };
    const rules = { input: (v: typeof values) => ({ ...v, version: Number(v.version) }) };
    const all = checkWith(publishLegalSchema, values, rules);
    expect(all.ok ? null : Object.keys(all.fields)).toEqual(["content", "version", "effectiveDate"]);
    expect(checkWith(publishLegalSchema, values, { ...rules, firstOnly: true })).toMatchObject({
      ok: false,
      first: "Content is required",
      fields: { content: "Content is required" },
    });
    const one = checkWith(publishLegalSchema, { ...values, content: "Text" }, { ...rules, firstOnly: true });
    expect(one.ok ? null : one.fields).toEqual({ version: "Version must be a whole number of 1 or more" });
  });
});

describe("errorsAfterEdit: which message an edit takes away", () => {
  const errors = { name: "Please enter the recipient's name", storefront: "Invalid variant" };

  it("none without clearOnEdit: messages stay until the next check", () => {
    expect(errorsAfterEdit(errors, "name", {})).toBe(errors);
  });

  it("the field's own with clearOnEdit, or the one the form maps it to", () => {
    expect(errorsAfterEdit(errors, "name", { clearOnEdit: true })).toEqual({ storefront: "Invalid variant" });
    const shared: FormRules<{ variantId: string }> = { clearOnEdit: () => "storefront" };
    expect(errorsAfterEdit(errors, "variantId", shared)).toEqual({ name: errors.name });
    // Nothing to take away: the same object, so React keeps the render.
    expect(errorsAfterEdit(errors, "address", { clearOnEdit: true })).toBe(errors);
  });
});

function Probe({
  initial,
  onForm,
}: {
  initial: { email: string; password: string } | (() => { email: string; password: string });
  onForm: (form: ContractForm<{ email: string; password: string }>) => void;
}) {
  onForm(useContractForm(loginSchema, initial));
  return null;
}

describe("useContractForm", () => {
  type Login = { email: string; password: string };
  /** Renders a component that uses the hook once, and hands the hook's answer out. */
  function renderForm(initial: Login | (() => Login)): ContractForm<Login> {
    let form: ContractForm<Login> | null = null;
    renderToString(createElement(Probe, { initial, onForm: (made) => (form = made) }));
    if (!form) throw new Error("the hook did not run");
    return form;
  }

  it("starts from the initial values (or their initializer), with no messages and not busy", () => {
    const form = renderForm(() => ({ email: "a@b.co", password: "" }));
    expect(form.values).toEqual({ email: "a@b.co", password: "" });
    expect(form.errors).toEqual({});
    expect(form.busy).toBe(false);
  });

  it("binds a field to EmailField and the like (name, value, change, message) and to Field (no name)", () => {
    const form = renderForm({ email: "a@b.co", password: "" });
    expect(form.text("email")).toMatchObject({ name: "email", value: "a@b.co", error: undefined });
    expect(typeof form.text("email").onChange).toBe("function");
    const input = form.input("password");
    expect(input).toMatchObject({ value: "", error: undefined });
    expect("name" in input).toBe(false);
  });

  it("submits: the contract's output to send, or the refusal to say, never both", async () => {
    const sent: unknown[] = [];
    const refused: unknown[] = [];
    const send = async (data: unknown) => {
      sent.push(data);
    };
    let prevented = false;
    const event = { preventDefault: () => (prevented = true) } as unknown as Parameters<
      ReturnType<ContractForm<Login>["submit"]>
    >[0];
    await renderForm({ email: " a@b.co ", password: "x" }).submit(send, (failure) => refused.push(failure))(
      event,
    );
    expect(prevented).toBe(true);
    expect(sent).toEqual([{ email: "a@b.co", password: "x" }]);
    await renderForm({ email: "nope", password: "" }).submit(send, (failure) =>
      refused.push(failure.fields),
    )();
    expect(sent).toHaveLength(1);
    expect(refused).toEqual([{ email: authMessages.invalidEmail, password: authMessages.passwordRequired }]);
  });

  it("checks the values it holds with its contract", () => {
    const form = renderForm({ email: "nope", password: "x" });
    expect(form.check()).toMatchObject({ ok: false, fields: { email: authMessages.invalidEmail } });
  });
});
