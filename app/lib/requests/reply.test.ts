import { expect, it } from "vitest";
import type { Lead } from "./lead.ts";
import { chatNumber, replyLinks } from "./reply.ts";

it("a chat number is international digits: UK numbers gain 44", () => {
  expect(chatNumber("07700 900456")).toBe("447700900456");
  expect(chatNumber("+44 1438 765432")).toBe("441438765432");
  expect(chatNumber("0044 1438 765432")).toBe("441438765432");
  expect(chatNumber("+353 87 123 4567")).toBe("353871234567");
});

it("call, e-mail with a subject, and a chat that greets the visitor by first name", () => {
  const lead = { form: "quote", name: "Jane Roofless", email: "jane@example.org", phone: "07700 900456" } as Lead;
  const links = replyLinks(lead, "Kestrel Roofing");
  expect(links.call).toBe("tel:07700900456");
  expect(links.email).toBe("mailto:jane@example.org?subject=Your%20quote%20request%20to%20Kestrel%20Roofing");
  expect(decodeURIComponent(links.chat)).toBe("https://wa.me/447700900456?text=Hello Jane, this is Kestrel Roofing about your quote request.");
});
