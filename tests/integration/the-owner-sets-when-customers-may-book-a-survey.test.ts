/**
 * Issue 38 §1 on the real server: More → Survey bookings. Before the first save the page shows the
 * defaults (the opening hours, 45 minutes, 15 between, the next working day, 14 days, 3 a day) with
 * Let customers book ticked; posted twice with its once-only key it saves once, by the named
 * action `survey-rules.save`; a length under 15 minutes or over 3 hours and a day whose To is
 * before its From are refused at their fields, with what was typed kept and nothing saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = signedInOwner(server.dataDir).cookie;
}, 90_000);
afterAll(() => server.stop());

const PATH = "/admin/survey-bookings";
const post = (fields: [string, string][]) =>
  fetch(`${server.url}${PATH}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const page = async (path = PATH) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const form = async () => formFields(await page(), 'name="most"');
const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
const saved = () => withStore(server.dataDir, (store) => store.db.prepare("SELECT bookable, length_minutes AS length, max_per_day AS most FROM survey_rules").all());
const hours = () => withStore(server.dataDir, (store) => store.db.prepare("SELECT weekday, starts, ends FROM survey_hours ORDER BY starts, weekday").all());
const value = (fields: [string, string][], name: string) => fields.find(([field]) => field === name)?.[1];

describe("Survey bookings, the owner's rules", () => {
  it("is listed under More, and opens on the defaults with bookings ticked to go on", async () => {
    expect(await page("/admin/more")).toContain(`href="${PATH}"`);
    const fields = await form();
    expect(value(fields, "on")).toBe("on");
    expect([value(fields, "monday-from"), value(fields, "monday-to"), value(fields, "saturday-from"), value(fields, "saturday-to")]).toEqual(["08:00", "18:00", "09:00", "16:00"]);
    expect(value(fields, "sunday-none")).toBe("on");
    expect(["length", "between", "earliest", "ahead", "most"].map((name) => value(fields, name))).toEqual(["45", "15", "1", "14", "3"]);
    expect(saved()).toEqual([]);
  });

  it("saves once when posted twice with one key, with one audit line named for the action", async () => {
    const fields = typeInto(await form(), { length: "60", most: "2", "saturday-none": "on" });
    expect(fields.some(([name]) => name === "once")).toBe(true);
    const first = await post(fields);
    const second = await post(fields);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`${PATH}?saved=rules`);
    expect([second.status, second.headers.get("location")]).toEqual([303, `${PATH}?saved=rules`]);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'survey-rules.save'")).toBe(1);
    expect(saved()).toEqual([{ bookable: 1, length: 60, most: 2 }]);
    expect(hours()).toHaveLength(5);
    const shown = await page(`${PATH}?saved=rules`);
    expect(shown).toContain("Saved: customers can book a survey online.");
    const again = formFields(shown, 'name="most"');
    expect([value(again, "length"), value(again, "most"), value(again, "saturday-none")]).toEqual(["60", "2", "on"]);
  });

  it("turns bookings off when the box is not ticked", async () => {
    const fields = (await form()).filter(([name]) => name !== "on");
    expect((await post(fields)).status).toBe(303);
    expect(saved()).toEqual([{ bookable: 0, length: 60, most: 2 }]);
    expect(await page(`${PATH}?saved=rules`)).toContain("Saved: customers cannot book a survey online.");
  });

  for (const [what, typed, field, words] of [
    ["a length under 15 minutes", { length: "10" }, "length", "Give a length from 15 minutes to 3 hours"],
    ["a length over 3 hours", { length: "181" }, "length", "Give a length from 15 minutes to 3 hours"],
    ["a day with To before From", { "tuesday-from": "14:00", "tuesday-to": "09:00" }, "tuesday-to", "To must be after From (14:00)"],
    ["a day with no times", { "wednesday-from": "", "wednesday-to": "" }, "wednesday-from", "Give a time such as 08:00, or tick No surveys"],
  ] as const) {
    it(`refuses ${what} at its field, keeps what was typed and saves nothing`, async () => {
      const before = { rules: saved(), hours: hours(), audit: count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'survey-rules.save'") };
      const response = await post(typeInto(await form(), { ...typed, most: "4" }));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Nothing was saved");
      expect(html).toMatch(new RegExp(`id="survey-rules-${field}-error"[^>]*>${words.replace(/[()]/g, "\\$&")}`));
      expect(html).toMatch(new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`));
      expect(value(formFields(html, 'name="most"'), "most")).toBe("4");
      expect({ rules: saved(), hours: hours(), audit: count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'survey-rules.save'") }).toEqual(before);
    });
  }
});
