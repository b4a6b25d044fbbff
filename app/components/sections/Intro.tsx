/** The opening paragraphs under a page's hero. */
export function Intro({ paragraphs }: { paragraphs: string[] }) {
  return (
    <section aria-label="Introduction" className="bg-white py-12">
      <div className="container-page">
        <div className="prose-measure space-y-4 text-lg">
          {paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </div>
    </section>
  );
}
