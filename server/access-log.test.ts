import { describe, expect, it } from "vitest";
import { loggedPath } from "./access-log.ts";

const TOKEN = "Xq3v_9kLmN0pQrStUvWxYz-AbCdEfGhIjKlMnOpQrSt";

describe("loggedPath", () => {
  it.each([
    ["/", "/"],
    ["/contact", "/contact"],
    ["/contact?name=Jane+Roofless&phone=07700900999", "/contact"],
    ["/areas/roofers-in-hitchin/#contact", "/areas/roofers-in-hitchin/"],
    ["/admin/requests/12", "/admin/requests/12"],
    ["/admin/reviews", "/admin/reviews"],
    ["/review", "/review"],
    ["/q/", "/q/"],
    ["/areas/roofers-in-welwyn-garden-city-and-the-villages-around", "/areas/roofers-in-welwyn-garden-city-and-the-villages-around"],
  ])("keeps %s as %s", (target, logged) => {
    expect(loggedPath(target)).toBe(logged);
  });

  it.each([
    [`/q/${TOKEN}`, "/q/[token]"],
    [`/q/${TOKEN}/pdf`, "/q/[token]/pdf"],
    [`/q/${TOKEN}?sent=1`, "/q/[token]"],
    [`/review/${TOKEN}`, "/review/[token]"],
    [`/admin/invite/${TOKEN}`, "/admin/invite/[token]"],
    [`/c/${TOKEN}`, "/c/[token]"],
    [`/c/${TOKEN}/quotes/7/pdf`, "/c/[token]/quotes/7/pdf"],
    [`/c/${TOKEN}/invoices/3/pdf`, "/c/[token]/invoices/3/pdf"],
    [`/c/${TOKEN}/credit-notes/2/pdf`, "/c/[token]/credit-notes/2/pdf"],
    [`/c/${TOKEN}/review`, "/c/[token]/review"],
    [`/calendar/${TOKEN}.ics`, "/calendar/[token]"],
    [`/Calendar/${TOKEN}.ics`, "/Calendar/[token]"],
    [`/C/${TOKEN}#quote-7-heading`, "/C/[token]"],
    [`/q/${TOKEN}.data`, "/q/[token]"],
    [`/q/short`, "/q/[token]"],
    // However the path is spelled, the token is not written.
    [`/Q/${TOKEN}`, "/Q/[token]"],
    [`//q//${TOKEN}`, "//q//[token]"],
    [`/q/./${TOKEN}/pdf`, "/q/./[token]/pdf"],
    [`/q%2F${TOKEN}`, "/q%2F[token]"],
    [`/%71/${TOKEN}`, "/%71/[token]"],
    [`\\review\\${TOKEN}`, "\\review\\[token]"],
    [`/x/../admin/INVITE/${TOKEN}`, "/x/../admin/INVITE/[token]"],
    [`http://www.kestrel.example/q/${TOKEN}`, "http://www.kestrel.example/q/[token]"],
    // A path mangled before the token's segment: the token is still found by its look.
    [`/c%FF/${TOKEN}`, "/c%FF/[token]"],
    [`/adm%FFin/invite/x/${TOKEN}%FF`, "/adm%FFin/invite/[token]/[token]%FF"],
    [`/%FF${TOKEN}`, "/%[token]"],
  ])("writes %s as %s", (target, logged) => {
    expect(loggedPath(target)).toBe(logged);
    expect(loggedPath(target)).not.toContain(TOKEN);
  });
});
