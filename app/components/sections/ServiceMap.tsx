/**
 * The service-area map: an inline SVG drawn from `serviceMap()`, with no tiles and no request.
 * Every town is a real link named after the town; regions differ by colour, fill pattern AND
 * marker shape, so colour is never the only signal. Colours are SVG attributes so the drawing
 * stands alone (the social pictures reuse it); service-map.css redraws it in system colours
 * when the visitor forces colours.
 */
import type { ReactNode } from "react";
import { BRAND } from "~/lib/brand/colours.ts";
import { LABEL_SIZE, labelText, type MapTown, type ServiceMapModel } from "~/lib/public-site/service-map.ts";

interface RegionStyle {
  colour: string;
  tint: string;
  shape: "circle" | "square" | "triangle";
  /** The pattern's strokes or dots, drawn on a 10×10 tile over the tint. */
  pattern: (colour: string) => ReactNode;
}

const REGION_STYLES: RegionStyle[] = [
  {
    colour: "#15803d",
    tint: "#ecfdf3",
    shape: "circle",
    pattern: (colour) => <path className="map-hatch" d="M-1 1l2-2M0 10L10 0M9 11l2-2" stroke={colour} strokeWidth="1.4" strokeOpacity=".45" />,
  },
  {
    colour: "#7e22ce",
    tint: "#f7f0fe",
    shape: "square",
    pattern: (colour) => <circle className="map-dot" cx="5" cy="5" r="1.7" fill={colour} fillOpacity=".5" />,
  },
  {
    colour: "#1d4ed8",
    tint: "#eef3fe",
    shape: "triangle",
    pattern: (colour) => <path className="map-hatch" d="M0 5h10M5 0v10" stroke={colour} strokeWidth="1.1" strokeOpacity=".4" />,
  },
];

function regionStyle(index: number): RegionStyle {
  const style = REGION_STYLES[index];
  if (!style) throw new Error(`The map has styles for ${REGION_STYLES.length} regions: add one in ServiceMap.tsx for region ${index + 1}`);
  return style;
}

const INK = BRAND.ink;
const SIZE: Record<MapTown["emphasis"], number> = { current: 10, highlight: 8, normal: 7, dim: 5.5 };

function Marker({ shape, x, y, r, fill, stroke, className }: { shape: RegionStyle["shape"]; x: number; y: number; r: number; fill: string; stroke: string; className: string }) {
  const common = { className, fill, stroke, strokeWidth: 2 };
  if (shape === "circle") return <circle cx={x} cy={y} r={r} {...common} />;
  if (shape === "square") {
    const side = r * 1.7;
    return <rect x={x - side / 2} y={y - side / 2} width={side} height={side} {...common} />;
  }
  return <path d={`M${x} ${y - r * 1.2}L${x + r * 1.1} ${y + r * 0.8}H${x - r * 1.1}Z`} strokeLinejoin="round" {...common} />;
}

function BaseMarker({ x, y, size }: { x: number; y: number; size: number }) {
  // A house: the business's base.
  return (
    <path
      className="map-base"
      d={`M${x} ${y - size}L${x + size} ${y}H${x + size * 0.7}V${y + size * 0.8}H${x - size * 0.7}V${y}H${x - size}Z`}
      fill={INK}
      stroke="#fff"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  );
}

/** A town's marker and name: a link where the page lists the town beside the map too. */
function TownMarker({ town }: { town: MapTown }) {
  const style = regionStyle(town.style);
  const r = SIZE[town.emphasis];
  const dim = town.emphasis === "dim";
  const drawing = (
    <>
      {town.emphasis === "current" && <circle className="map-ring" cx={town.x} cy={town.y} r={r + 5} fill="none" stroke={INK} strokeWidth="2.5" />}
      {town.isBase ? (
        <BaseMarker x={town.x} y={town.y} size={r + 3} />
      ) : (
        <Marker
          shape={style.shape}
          x={town.x}
          y={town.y}
          r={r}
          fill={dim ? "#fff" : style.colour}
          stroke={dim ? style.colour : "#fff"}
          className={dim ? "map-marker is-dim" : "map-marker"}
        />
      )}
      {town.label && (
        <text
          className={town.label.key ? "map-label is-key" : "map-label"}
          x={town.label.x}
          y={town.label.y}
          textAnchor={town.label.anchor}
          fontSize={town.emphasis === "current" ? LABEL_SIZE.current : LABEL_SIZE.other}
        >
          {labelText(town)}
        </text>
      )}
    </>
  );
  if (!town.isLink) {
    return (
      <g className="map-town">
        <title>{town.name}</title>
        {drawing}
      </g>
    );
  }
  return (
    <a href={town.href} className="map-town">
      <title>{town.name}</title>
      <circle className="map-focus" cx={town.x} cy={town.y} r={r + 9} fill="none" stroke={BRAND.accent} strokeWidth="3" visibility="hidden" />
      {drawing}
    </a>
  );
}

const DRAW_ORDER: MapTown["emphasis"][] = ["dim", "normal", "highlight", "current"];

/** A small key swatch: the region's pattern and its marker shape. Decorative: the words say it. */
function RegionKey({ style }: { style: number }) {
  const { colour, shape } = regionStyle(style);
  return (
    <svg className="map-key" viewBox="0 0 36 24" width="36" height="24" aria-hidden="true" focusable="false">
      <rect className="map-area" x="1" y="1" width="34" height="22" rx="6" fill={`url(#map-pattern-${style})`} stroke={colour} strokeWidth="1.5" />
      <Marker shape={shape} x={18} y={12} r={6} fill={colour} stroke="#fff" className="map-marker" />
    </svg>
  );
}

export function ServiceMap({ map, id = "service-map" }: { map: ServiceMapModel; id?: string }) {
  const towns = [...map.towns].sort((a, b) => DRAW_ORDER.indexOf(a.emphasis) - DRAW_ORDER.indexOf(b.emphasis));
  const base = map.towns.find((t) => t.isBase);
  const focused = map.towns.some((t) => t.emphasis === "dim");
  return (
    <figure className="service-map">
      <svg
        className="map-svg"
        viewBox={`0 0 ${map.width} ${map.height}`}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{map.title}</title>
        <desc id={`${id}-desc`}>{map.description}</desc>
        <defs>
          {map.regions.map((region) => {
            const style = regionStyle(region.style);
            return (
              <pattern key={region.slug} id={`map-pattern-${region.style}`} width="10" height="10" patternUnits="userSpaceOnUse">
                <rect className="map-tint" width="10" height="10" fill={style.tint} />
                {style.pattern(style.colour)}
              </pattern>
            );
          })}
        </defs>
        {map.regions.map((region) => {
          const style = regionStyle(region.style);
          return (
            <path
              key={region.slug}
              className="map-area"
              d={region.outline}
              fill={`url(#map-pattern-${region.style})`}
              stroke={style.colour}
              strokeWidth={region.highlighted ? 3 : 1.5}
              strokeOpacity={focused && !region.highlighted ? 0.6 : 1}
            />
          );
        })}
        {map.regions.map(
          (region) =>
            region.label && (
              <text key={region.slug} className="map-region-label" x={Math.round(region.label.x)} y={Math.round(region.label.y)} textAnchor="middle" fill={regionStyle(region.style).colour}>
                {region.name}
              </text>
            ),
        )}
        {towns.map((town) => (
          <TownMarker key={town.slug} town={town} />
        ))}
        <g className="map-scale" aria-hidden="true">
          <path d={`M${map.scaleBar.x} ${map.scaleBar.y - 6}v6h${map.scaleBar.length}v-6`} fill="none" stroke={INK} strokeWidth="2" />
          <text className="map-scale-text" x={map.scaleBar.x + map.scaleBar.length} y={map.scaleBar.y - 10} textAnchor="end" fontSize="13" fill={INK}>
            {map.scaleBar.label}
          </text>
        </g>
      </svg>
      <figcaption>
        <ul className="map-legend">
          {map.regions.map((region) => (
            <li key={region.slug}>
              <RegionKey style={region.style} />
              {region.name} ({region.townCount} towns)
            </li>
          ))}
          {base && (
            <li>
              <svg className="map-key" viewBox="0 0 36 24" width="36" height="24" aria-hidden="true" focusable="false">
                <BaseMarker x={18} y={13} size={9} />
              </svg>
              Our base in {base.name}
            </li>
          )}
          {focused && (
            <li>
              <svg className="map-key" viewBox="0 0 36 24" width="36" height="24" aria-hidden="true" focusable="false">
                <circle className="map-marker is-dim" cx="18" cy="12" r="6" fill="#fff" stroke={INK} strokeWidth="2" />
              </svg>
              Other towns we cover (hollow)
            </li>
          )}
        </ul>
      </figcaption>
    </figure>
  );
}
