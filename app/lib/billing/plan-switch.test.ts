import { describe, expect, it } from "vitest";
import {
  includedNotes,
  planReach,
  scheduledChoices,
  switchCart,
  unavailableByPeriod,
  unusedCredit,
  type HeldPlan,
} from "./plan-switch";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const start = new Date("2026-01-01T12:00:00Z");
const end = new Date("2026-02-01T12:00:00Z"); // 31 days
const at = (days: number, hours = 0) => new Date(start.getTime() + (days * 24 + hours) * 3_600_000);

describe("unusedCredit", () => {
  it("credits what was paid pro rata by the days left, rounded down to the cent", () => {
    expect(unusedCredit({ paid: usdt(78), periodStart: start, periodEnd: end, now: at(10) })).toEqual({
      credit: usdt(52.83),
      daysLeft: 21,
    });
  });

  it("counts the day in progress as unused, so a switch on the day of purchase is credited in full", () => {
    expect(unusedCredit({ paid: usdt(78), periodStart: start, periodEnd: end, now: at(0, 1) })).toEqual({
      credit: usdt(78),
      daysLeft: 31,
    });
  });

  it("credits nothing once the period is over, and all of a lifetime plan", () => {
    expect(unusedCredit({ paid: usdt(78), periodStart: start, periodEnd: end, now: at(40) }).credit).toBe(0n);
    expect(unusedCredit({ paid: usdt(936), periodStart: start, periodEnd: null, now: at(400) })).toEqual({
      credit: usdt(936),
      daysLeft: null,
    });
  });
});

describe("switchCart", () => {
  const chatsByPlan = new Map([
    [1, [-1]],
    [2, [-2]],
    [3, [-1, -2, -3]],
  ]);
  const vip: HeldPlan = {
    subscriptionId: "s-vip",
    planId: 2,
    name: "VIP",
    period: "monthly",
    complimentary: false,
    trial: false,
    credit: usdt(52.83),
    daysLeft: 21,
  };
  const line = (planId: number, listPrice: bigint, discount = 0n) => ({
    planId,
    name: `Plan ${planId}`,
    listPrice,
    discount,
  });

  it("credits an upgrade after the discount, naming the days and the plan", () => {
    const reach = planReach({ planIds: [3], chatsByPlan, held: [vip] });
    const priced = switchCart({ lines: [line(3, usdt(150), usdt(30))], period: "monthly", held: [vip], reach });
    expect(priced.lines[0]).toMatchObject({
      listPrice: usdt(150),
      discount: usdt(30),
      credit: usdt(52.83),
      charged: usdt(67.17),
      creditNote: "Credit for unused 21 days of VIP",
    });
    expect(priced.replaced.map((sub) => sub.subscriptionId)).toEqual(["s-vip"]);
  });

  it("names only the plans whose unused part was credited, not a free trial the upgrade ends", () => {
    const trial: HeldPlan = {
      ...vip,
      subscriptionId: "s-trial",
      planId: 1,
      name: "Bot",
      trial: true,
      credit: 0n,
      daysLeft: 7,
    };
    const reach = planReach({ planIds: [3], chatsByPlan, held: [vip, trial] });
    const priced = switchCart({ lines: [line(3, usdt(150))], period: "monthly", held: [vip, trial], reach });
    expect(priced.replaced.map((sub) => sub.subscriptionId)).toEqual(["s-vip", "s-trial"]);
    expect(priced.lines[0]).toMatchObject({ credit: usdt(52.83), creditNote: "Credit for unused 21 days of VIP" });
  });

  it("says which active plan includes a plan, and leaves plans without channels alone", () => {
    const all = { ...vip, subscriptionId: "s-all", planId: 3, name: "All-in-One" };
    const reach = planReach({ planIds: [1, 2, 9], chatsByPlan, held: [all] });
    const priced = switchCart({ lines: [line(1, usdt(49)), line(9, usdt(5))], period: "monthly", held: [all], reach });
    expect(priced.included).toEqual([{ name: "Plan 1", includedIn: "All-in-One" }]);
    expect(priced.lines[1]!.charged).toBe(usdt(5));
  });

  it("replaces the same plan only for a longer period", () => {
    const reach = planReach({ planIds: [2], chatsByPlan, held: [vip] });
    expect(switchCart({ lines: [line(2, usdt(198))], period: "quarterly", held: [vip], reach }).replaced).toHaveLength(
      1,
    );
    expect(switchCart({ lines: [line(2, usdt(78))], period: "monthly", held: [vip], reach }).already).toEqual([
      "Plan 2",
    ]);
  });
});

describe("scheduledChoices", () => {
  const plans = [
    { id: 1, name: "VIP" },
    { id: 2, name: "All-in-One" },
  ];
  const all: HeldPlan = {
    subscriptionId: "s-all",
    planId: 2,
    name: "All-in-One",
    period: "monthly",
    complimentary: false,
    trial: false,
    credit: 0n,
    daysLeft: 20,
  };
  const reach = [{ planId: 1, includedIn: "All-in-One", covers: [], within: ["s-all"] }];

  it("offers a plan inside the subscription, but nothing on a free trial (it converts to its own plan)", () => {
    expect(scheduledChoices({ held: all, plans, reach }).map((c) => `${c.name} ${c.period}`)).toEqual([
      "VIP monthly",
      "VIP quarterly",
    ]);
    expect(scheduledChoices({ held: { ...all, trial: true }, plans, reach })).toEqual([]);
  });
});

describe("what a cart cannot sell a member, by period", () => {
  const held = (planId: number, period: HeldPlan["period"], complimentary = false) => ({
    planId,
    period,
    complimentary,
  });

  it("a plan held is sold again only for a longer period; a complimentary one never", () => {
    expect(unavailableByPeriod({ held: [held(1, "monthly"), held(2, "quarterly"), held(3, "monthly", true)] })).toEqual(
      { monthly: [1, 2, 3], quarterly: [2, 3], lifetime: [3] },
    );
    expect(unavailableByPeriod({ held: [held(4, "lifetime")] })).toEqual({
      monthly: [4],
      quarterly: [4],
      lifetime: [4],
    });
  });

  it("a plan held is bought again as itself, never refused as included in another plan held", () => {
    const wire = (planId: number, name: string) => ({
      subscriptionId: `s-${planId}`,
      planId,
      name,
      period: "monthly" as const,
      complimentary: false,
      trial: false,
      credit: "0",
      daysLeft: 30,
    });
    const reach = [
      { planId: 1, includedIn: "All-in-One", covers: [], within: ["s-3"] },
      { planId: 2, includedIn: "All-in-One", covers: [], within: ["s-3"] },
    ];
    expect(includedNotes({ held: [wire(1, "VIP"), wire(3, "All-in-One")], reach })).toEqual({
      2: "Already included in All-in-One",
    });
  });
});
