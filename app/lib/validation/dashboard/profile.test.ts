import { describe, expect, it } from "vitest";
import { fieldErrors } from "../fields";
import { autorenewSchema, changePasswordSchema, profileSchema } from "./profile";

const errorsOf = (result: { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? {} : fieldErrors(result.error);

describe("profileSchema (only first and last name change)", () => {
  it("keeps the two names, trimmed, and drops every other key", () => {
    expect(
      profileSchema.parse({ firstName: " Ada ", lastName: " Lovelace ", email: "x@example.com", balance: "1000" }),
    ).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
    });
  });

  it("requires both names, at most 100 characters", () => {
    expect(errorsOf(profileSchema.safeParse({ firstName: " ", lastName: "x".repeat(101) }))).toEqual({
      firstName: "First name is required",
      lastName: "Last name must be less than 100 characters",
    });
  });
});

describe("changePasswordSchema (CHANGE PASSWORD works, under the one policy)", () => {
  const change = (patch: Record<string, unknown>) =>
    changePasswordSchema.safeParse({
      currentPassword: "Old-pass1",
      newPassword: "New-pass1",
      confirmPassword: "New-pass1",
      ...patch,
    });

  it("accepts the current password and a new one typed twice", () => {
    expect(change({})).toEqual({
      success: true,
      data: { currentPassword: "Old-pass1", newPassword: "New-pass1", confirmPassword: "New-pass1" },
    });
  });

  it("asks for the current password", () => {
    expect(errorsOf(change({ currentPassword: undefined }))).toEqual({
      currentPassword: "Current password is required",
    });
    expect(errorsOf(change({ currentPassword: "" }))).toEqual({ currentPassword: "Current password is required" });
  });

  it("asks for the confirmation, and refuses one that differs", () => {
    expect(errorsOf(change({ confirmPassword: undefined }))).toEqual({
      confirmPassword: "Please confirm the new password",
    });
    expect(errorsOf(change({ confirmPassword: "New-pass2" }))).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe("autorenewSchema (autorenew toggled on or off)", () => {
  const subscriptionId = "0b7c56a4-5d0e-4b8e-9a53-2f1e9f5c1a7d";

  it("takes the setting as a boolean, or as the strings a form posts", () => {
    expect(autorenewSchema.parse({ subscriptionId, autorenew: true })).toEqual({ subscriptionId, autorenew: true });
    expect(autorenewSchema.parse({ subscriptionId, autorenew: false })).toEqual({ subscriptionId, autorenew: false });
    expect(autorenewSchema.parse({ subscriptionId, autorenew: "true" })).toEqual({ subscriptionId, autorenew: true });
    expect(autorenewSchema.parse({ subscriptionId, autorenew: "false" })).toEqual({ subscriptionId, autorenew: false });
  });

  it("refuses any other setting", () => {
    for (const autorenew of [undefined, "on", "yes", "", 1, null]) {
      expect(errorsOf(autorenewSchema.safeParse({ subscriptionId, autorenew })), String(autorenew)).toEqual({
        autorenew: "Autorenew must be true or false.",
      });
    }
  });

  it("answers an id that is not a subscription id as not found", () => {
    for (const id of [undefined, "", "42", "not-a-uuid"]) {
      expect(errorsOf(autorenewSchema.safeParse({ subscriptionId: id, autorenew: true })), String(id)).toEqual({
        subscriptionId: "Subscription not found.",
      });
    }
  });
});
