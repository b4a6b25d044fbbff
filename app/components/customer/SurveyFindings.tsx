/**
 * What we found (issue 37 §2): the survey report a quote was sent with, on the customer's own
 * pages (/q/ and /c/), each finding with its photos (two sizes, the browser choosing by width; alt
 * text from the caption), then what we recommend. Plain HTML, no script. The photos are served
 * through the page's own link (`base`), never at an address of their own.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { surveyDayWords } from "~/lib/photos/survey-report.ts";
import type { ReportForPage } from "~/lib/photos/survey-report.server.ts";

export function SurveyFindings({ report, base }: { report: ReportForPage; base: string }) {
  return (
    <CardSection id="survey-findings" title={`What we found on ${surveyDayWords(report.surveyDay)}`}>
      <ol className="space-y-5">
        {report.findings.map((finding, i) => (
          <li key={i} className="space-y-2">
            <p className="font-semibold break-words">
              {i + 1}. {finding.words}
            </p>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {finding.pictures.map((picture) => (
                <li key={picture.id}>
                  <a href={`${base}/${picture.id}/large`} className="block rounded-lg">
                    <img
                      src={`${base}/${picture.id}/thumb`}
                      srcSet={`${base}/${picture.id}/thumb ${picture.thumbWidth}w, ${base}/${picture.id}/large ${picture.width}w`}
                      sizes="(min-width: 640px) 22rem, 100vw"
                      width={picture.thumbWidth}
                      height={picture.thumbHeight}
                      loading="lazy"
                      decoding="async"
                      alt={picture.alt}
                      className="h-auto w-full rounded-lg"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {report.recommend && (
        <section aria-labelledby="survey-recommend" className="space-y-2">
          <h3 id="survey-recommend" className="text-lg">
            What we recommend
          </h3>
          <p className="whitespace-pre-wrap break-words">{report.recommend}</p>
        </section>
      )}
    </CardSection>
  );
}
