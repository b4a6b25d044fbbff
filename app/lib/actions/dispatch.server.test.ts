/**
 * The dispatcher on a real database, with the services handed in as the server hands them: a
 * form's key applies once and answers the same again, a refusal keeps nothing, a stale page is
 * 409, the audit names the action, and two posts of one key at once apply once.
 */
import { data, RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { text } from "~/lib/forms/parse-form.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { recordAudit } from "~/lib/db/audit.server.ts";
import { contentContext, servicesContext, uploadContext } from "~/lib/services/services.ts";
import { forgetAppliedKeys } from "../db/applied-keys.server.ts";
import { answer, defineAction, done, redirectTo, refuse, type AnyAction } from "./define.ts";
import { dispatch, KEY_USED_ELSEWHERE } from "./dispatch.server.ts";
import { makeOnceKey, onceKeyOf } from "./once-key.ts";

let store: LeadStore;
beforeEach(() => {
  store = new LeadStore(":memory:");
  store.db.exec("CREATE TABLE tally (word TEXT NOT NULL)");
});
afterEach(() => store.close());

const words = () => store.db.prepare("SELECT word FROM tally").all().map((row) => (row as { word: string }).word);
const auditLines = () => store.db.prepare("SELECT actor, action, action_name AS name FROM audit ORDER BY id").all().map((row) => ({ ...row }));

const say = defineAction({
  name: "test.say",
  intent: "say",
  done: "said",
  schema: z.object({ word: text(z.minLength(1, "Write a word.")) }),
  refused: (errors, form) => ({ errors, typed: form.get("word") }),
  version: { of: () => "v1", stale: { error: "Changed since." } },
  apply: ({ word }, { actor }) => {
    if (word === "no") return answer({ error: "Not that one." }, 409);
    if (word === "ask") return redirectTo("/admin/question");
    store.db.prepare("INSERT INTO tally (word) VALUES (?)").run(word);
    if (word === "audited") recordAudit(store, { actor, action: "said a word" });
    return done("/admin/words");
  },
});

function post(fields: Record<string, string>, actions: AnyAction[] = [say], path = "/admin/words") {
  const context = new RouterContextProvider();
  context.set(uploadContext, undefined); // as the server sets it: no multipart files
  context.set(servicesContext, { store, ownerMail: false, ackHourlyCap: 30, wake: () => {}, content: () => fileContent, pictures: new Map() });
  context.set(contentContext, fileContent);
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams({ intent: "say", version: "v1", ...fields }), headers: { Cookie: "session=abc" } });
  return dispatch({ request, params: {}, context }, actions, "Test phone", 7);
}

const where = (response: unknown) => (response instanceof Response ? `${response.status} ${response.headers.get("Location")}` : undefined);
const body = (response: unknown) => (response as { data: unknown; init?: { status?: number } });

it("makes 128-bit keys, and takes only a key of that shape", () => {
  const keys = new Set(Array.from({ length: 1000 }, makeOnceKey));
  expect(keys.size).toBe(1000);
  for (const key of keys) expect(onceKeyOf(key)).toBe(key);
  expect(onceKeyOf("short")).toBeUndefined();
  expect(onceKeyOf(`${makeOnceKey()}x`)).toBeUndefined();
});

it("applies a key once: the same key again gets the first answer and changes nothing", async () => {
  const once = makeOnceKey();
  const first = await post({ word: "roof", once });
  const second = await post({ word: "roof", once });
  expect(where(first)).toBe("303 /admin/words?saved=said");
  expect(where(second)).toBe(where(first));
  expect(words()).toEqual(["roof"]);
  expect(auditLines()).toEqual([{ actor: "Test phone", action: "", name: "test.say" }]);
});

it("applies two keys twice, and a form without a key each time it is posted", async () => {
  await post({ word: "a", once: makeOnceKey() });
  await post({ word: "a", once: makeOnceKey() });
  await post({ word: "b" });
  await post({ word: "b" });
  expect(words()).toEqual(["a", "a", "b", "b"]);
});

it("names the action on the lines its store wrote, and writes none of its own beside them", async () => {
  await post({ word: "audited", once: makeOnceKey() });
  expect(auditLines()).toEqual([{ actor: "Test phone", action: "said a word", name: "test.say" }]);
});

it("keeps nothing of a refusal: the field's message with what was typed, and the same key then applies", async () => {
  const once = makeOnceKey();
  const refused = body(await post({ word: "", once }));
  expect(refused.init?.status).toBe(400);
  expect(refused.data).toEqual({ errors: { word: "Write a word." }, typed: "" });
  expect(body(await post({ word: "no", once })).init?.status).toBe(409);
  expect(where(await post({ word: "ask", once }))).toBe("303 /admin/question");
  expect(words()).toEqual([]);
  expect(auditLines()).toEqual([]);
  expect(where(await post({ word: "roof", once }))).toBe("303 /admin/words?saved=said");
  expect(words()).toEqual(["roof"]);
});

it("refuses a page shown before the thing changed with 409, and a button the page does not have", async () => {
  expect(body(await post({ word: "roof", version: "v0" }))).toMatchObject({ data: { error: "Changed since." }, init: { status: 409 } });
  expect(body(await post({ word: "roof", intent: "other" }))).toMatchObject({ init: { status: 400 } });
  expect(words()).toEqual([]);
});

it("answers a key applied to another action with 409, and changes nothing", async () => {
  const once = makeOnceKey();
  await post({ word: "roof", once });
  await expect(post({ word: "roof", once }, [say], "/admin/elsewhere")).rejects.toMatchObject(data(KEY_USED_ELSEWHERE, { status: 409 }));
  expect(words()).toEqual(["roof"]);
});

it("applies one key once when a second post of it comes while the first still waits", async () => {
  let finish = () => {};
  const waited = new Promise<void>((resolve) => (finish = resolve));
  const slow = defineAction({
    ...say,
    prepare: async () => {
      await waited;
      return undefined;
    },
  });
  const once = makeOnceKey();
  const first = post({ word: "slow", once }, [slow]);
  const second = post({ word: "slow", once }, [slow]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(words()).toEqual([]);
  finish();
  const answers = await Promise.all([first, second]);
  expect(answers.map(where)).toEqual(["303 /admin/words?saved=said", "303 /admin/words?saved=said"]);
  expect(words()).toEqual(["slow"]);
  expect(store.db.prepare("SELECT count(*) AS n FROM applied_actions").get()).toEqual({ n: 1 });
});

it("sends the headers a change answers with, and the same headers again to the same key", async () => {
  const signOut = defineAction({
    name: "test.sign-out",
    schema: z.object({}),
    apply: (_, { request, passkeyId }) => {
      store.db.prepare("INSERT INTO tally (word) VALUES (?)").run(`${request.headers.get("Cookie")} ${passkeyId}`);
      return done("/admin/sign-in", undefined, { "Set-Cookie": "session=; Max-Age=0" });
    },
  });
  const once = makeOnceKey();
  const answers = [await post({ once }, [signOut]), await post({ once }, [signOut])];
  for (const answered of answers) {
    expect(where(answered)).toBe("303 /admin/sign-in");
    expect((answered as Response).headers.get("Set-Cookie")).toBe("session=; Max-Age=0");
  }
  expect(words()).toEqual(["session=abc 7"]);
});

it("keeps applied keys 30 days", async () => {
  await post({ word: "roof", once: makeOnceKey() });
  const at = new Date();
  expect(forgetAppliedKeys(store.db, new Date(at.getTime() + 29 * 86_400_000))).toBe(0);
  expect(forgetAppliedKeys(store.db, new Date(at.getTime() + 31 * 86_400_000))).toBe(1);
});

it("runs a store's own transaction inside the action's as a part of it, undone alone when it fails", () => {
  store.inTransaction(() => {
    store.inTransaction(() => store.db.prepare("INSERT INTO tally (word) VALUES ('kept')").run());
    expect(() =>
      store.inTransaction(() => {
        store.db.prepare("INSERT INTO tally (word) VALUES ('undone')").run();
        throw new Error("refused");
      }),
    ).toThrow("refused");
  });
  expect(words()).toEqual(["kept"]);
});

it("tells what was prepared whether its change was committed: once for a change, dropped for a refusal, a replay or a throw", async () => {
  const ends: string[] = [];
  const staged = defineAction({
    ...say,
    prepare: async (input: { word: string }) => input.word,
    apply: (input, applying, prepared: string) => {
      if (prepared === "boom") throw new Error("boom");
      return say.apply(input, applying, undefined);
    },
    after: (prepared: string, committed: boolean) => ends.push(`${prepared} ${committed ? "committed" : "dropped"}`),
  });
  const once = makeOnceKey();
  await post({ word: "roof", once }, [staged]);
  await post({ word: "roof", once }, [staged]);
  await post({ word: "no" }, [staged]);
  await expect(post({ word: "boom" }, [staged])).rejects.toThrow("boom");
  expect(ends, "the replay finds the key before it prepares anything").toEqual(["roof committed", "no dropped", "boom dropped"]);
  expect(words()).toEqual(["roof"]);
});

it("answers a customer's closed link as its page does, before her form and whatever button, and keeps nothing", async () => {
  const linked = defineAction({
    name: "test.linked",
    side: "customer",
    intent: "say",
    find: ({ url }) => (url.pathname === "/c/open" ? "open" : refuse({ closed: true }, 410)),
    schema: z.object({ word: text(z.minLength(1, "Write a word.")) }),
    refused: (errors) => ({ errors }),
    apply: ({ word }) => {
      store.db.prepare("INSERT INTO tally (word) VALUES (?)").run(word);
      return done("/c/open");
    },
  });
  const once = makeOnceKey();
  for (const fields of [{ word: "roof", once }, { word: "", once }, { word: "roof", once, intent: "nonsense" }] as Record<string, string>[]) {
    const closed = body(await post(fields, [linked], "/c/closed"));
    expect(closed.data).toEqual({ closed: true });
    expect(closed.init?.status).toBe(410);
  }
  expect(words()).toEqual([]);
  expect(store.db.prepare("SELECT COUNT(*) AS n FROM applied_actions").get()).toEqual({ n: 0 });
  // An open link: the button checked, then the form, then the change.
  expect(body(await post({ word: "roof", once, intent: "nonsense" }, [linked], "/c/open")).init?.status).toBe(400);
  expect(where(await post({ word: "roof", once }, [linked], "/c/open"))).toBe("303 /c/open");
  expect(words()).toEqual(["roof"]);
});
