/**
 * Insights' row beside the pages table (issue 37 §2): the quotes sent in the period with the
 * survey report against those without, and how many of each became Won.
 */
import { CardTable, Cell, Row, RowHead } from "~/components/owner/CardTable.tsx";
import { number } from "~/components/owner/InsightsParts.tsx";
import type { ReportFigures } from "~/lib/insights/survey-reports.server.ts";

const share = ({ sent, won }: ReportFigures) => (sent ? `${Math.round((won / sent) * 100)} %` : "—");

export function SurveyReports({ figures }: { figures: { withReport: ReportFigures; without: ReportFigures } }) {
  const rows: [string, ReportFigures][] = [
    ["Quotes with a survey report", figures.withReport],
    ["Quotes without", figures.without],
  ];
  return (
    <section aria-labelledby="survey-reports-heading" className="card space-y-3 p-4">
      <h2 id="survey-reports-heading" className="text-xl">
        Quotes with a survey report
      </h2>
      <CardTable caption="Quotes sent with a survey report and without, and how many became Won" names={["Quotes", "Sent", "Won", "Of those sent"]}>
        {rows.map(([name, row]) => (
          <Row key={name}>
            <RowHead label="Quotes">{name}</RowHead>
            <Cell label="Sent">{number(row.sent)}</Cell>
            <Cell label="Won">{number(row.won)}</Cell>
            <Cell label="Of those sent">{share(row)}</Cell>
          </Row>
        ))}
      </CardTable>
    </section>
  );
}
