/**
 * The content a page is rendered with is handed in, never found by name: a loader reads the one
 * in its context, a component the one its render was given. Each test makes its own, with a phone
 * of its own, and sets nothing global.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { Picture } from "~/components/Picture.tsx";
import { contentFiles, fileContent } from "~/content/index.ts";
import { loadContent } from "~/content/load.ts";
import { loader as rootLoader } from "~/root.tsx";
import Privacy from "~/routes/privacy.tsx";
import { loader as sitemapLoader } from "~/routes/sitemap-xml.ts";
import { ContentProvider } from "./content-context.tsx";
import { contentContext } from "../services/services.ts";
import { applyEdits } from "../site/edits.ts";

const PHONE = { display: "01632 960123", e164: "+441632960123" };
const published = loadContent(applyEdits(contentFiles, { business: { phone: PHONE } }));

function contextWith(content?: typeof fileContent) {
  const context = new RouterContextProvider();
  if (content) context.set(contentContext, content);
  return context;
}

const loaderArgs = (context: RouterContextProvider) => ({ context, request: new Request("https://www.example.com/"), params: {} }) as never;

it("gives every page the business facts of the content in its context", () => {
  expect(published.business.phone).toEqual(PHONE);
  expect(rootLoader(loaderArgs(contextWith(published))).business.phone).toEqual(PHONE);
});

it("gives the files where nothing was handed in, as the build's prerender has it", () => {
  expect(fileContent.business.phone.display).not.toBe(PHONE.display);
  expect(rootLoader(loaderArgs(contextWith())).business.phone).toEqual(fileContent.business.phone);
});

it("lists the pages of the content in its context in sitemap.xml", async () => {
  const response = sitemapLoader(loaderArgs(contextWith({ ...published, areas: published.areas.slice(0, 1) })));
  const xml = await response.text();
  expect(xml).toContain(`/areas/roofers-in-${published.areas[0]!.slug}/`);
  expect(xml).not.toContain(`/areas/roofers-in-${published.areas[1]!.slug}/`);
});

it("renders a page's words from the content its render was given", () => {
  const html = renderToStaticMarkup(
    <ContentProvider content={published} pictures={new Map()}>
      <Privacy />
    </ContentProvider>,
  );
  expect(html).toContain(`href="tel:${PHONE.e164}"`);
  expect(html).toContain(PHONE.display);
  expect(html).not.toContain(fileContent.business.phone.display);
});

it("refuses to render a page that was handed no content, rather than show the files", () => {
  expect(() => renderToStaticMarkup(<Privacy />)).toThrow(/No content was handed to this render/);
});

it("shows an owner's uploaded picture only when its render was handed it", () => {
  const entry = { width: 480, height: 320, src: "/images/uploads/g-0123456789ab-480.0123456789.jpg", sources: [] };
  const image = { src: "g-0123456789ab.jpg", alt: "A new slate roof" };
  const html = renderToStaticMarkup(
    <ContentProvider content={published} pictures={new Map([["g-0123456789ab", entry]])}>
      <Picture image={image} sizes="100vw" />
    </ContentProvider>,
  );
  expect(html).toContain(`src="${entry.src}"`);
  const without = () =>
    renderToStaticMarkup(
      <ContentProvider content={published} pictures={new Map()}>
        <Picture image={image} sizes="100vw" />
      </ContentProvider>,
    );
  expect(without).toThrow(/No picture "g-0123456789ab.jpg"/);
});
