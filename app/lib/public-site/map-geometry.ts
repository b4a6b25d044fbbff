/**
 * Plane geometry for the service-area map: towns' coordinates projected to kilometres, the
 * outline of the area around a group of towns, the frame a map shows, and where labels go.
 * Pure functions, so the map is the same on every build and easy to test.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

/** A point on the plane, in kilometres east (x) and south (y) of the projection's origin. */
export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const KM_PER_DEGREE_LAT = 110.57;
const KM_PER_DEGREE_LON_AT_EQUATOR = 111.32;

/**
 * An equirectangular projection centred on the given places: over 100 km of south-east England it
 * is within a fraction of a kilometre of the true distances, and needs no map library.
 */
export function projection(places: LatLon[]): (place: LatLon) => Point {
  const lat0 = places.reduce((sum, p) => sum + p.lat, 0) / places.length;
  const lon0 = places.reduce((sum, p) => sum + p.lon, 0) / places.length;
  const kmPerLon = KM_PER_DEGREE_LON_AT_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  return ({ lat, lon }) => ({ x: (lon - lon0) * kmPerLon, y: (lat0 - lat) * KM_PER_DEGREE_LAT });
}

export const KM_PER_MILE = 1.609344;

/** The straight-line distance between two places, in miles. */
export function milesBetween(a: LatLon, b: LatLon): number {
  const project = projection([a, b]);
  const [p, q] = [project(a), project(b)];
  return Math.hypot(p.x - q.x, p.y - q.y) / KM_PER_MILE;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** The convex hull (Andrew's monotone chain), clockwise on screen, without repeated points. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y).filter((p, i, all) => i === 0 || p.x !== all[i - 1]!.x || p.y !== all[i - 1]!.y);
  if (sorted.length < 3) return sorted;
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * An SVG path around the points at `radius` from the nearest of them: the convex hull widened by
 * the radius, with rounded corners. It says "we work within a few miles of these towns" without
 * pretending to be a county border. `toSvg` maps kilometres to the drawing's units.
 */
export function areaOutline(points: Point[], radius: number, toSvg: (p: Point) => Point, scale: number): string {
  const hull = convexHull(points);
  const r = round(radius * scale);
  if (hull.length === 1) {
    const c = toSvg(hull[0]!);
    return `M${round(c.x - r)} ${round(c.y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
  }
  // Going clockwise on screen (y down), the outward normal of an edge is its direction turned left.
  const normals = hull.map((p, i) => {
    const q = hull[(i + 1) % hull.length]!;
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    return { x: (q.y - p.y) / length, y: -(q.x - p.x) / length };
  });
  const at = (p: Point, n: Point) => toSvg({ x: p.x + n.x * radius, y: p.y + n.y * radius });
  const parts: string[] = [];
  hull.forEach((p, i) => {
    const q = hull[(i + 1) % hull.length]!;
    const start = at(p, normals[i]!);
    const end = at(q, normals[i]!);
    const next = at(q, normals[(i + 1) % hull.length]!);
    parts.push(`${i === 0 ? "M" : "L"}${round(start.x)} ${round(start.y)}L${round(end.x)} ${round(end.y)}A${r} ${r} 0 0 1 ${round(next.x)} ${round(next.y)}`);
  });
  return `${parts.join("")}Z`;
}

/** The smallest box around the points, grown by `margin` on every side. */
export function boundsOf(points: Point[], margin: number): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y };
}

/** The box grown around its centre to the given aspect ratio (width / height) and minimum width. */
export function frame(box: Box, aspect: number, minWidth: number): Box {
  let width = Math.max(box.width, box.height * aspect, minWidth);
  let height = width / aspect;
  if (height < box.height) {
    height = box.height;
    width = height * aspect;
  }
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

export type LabelSide = "right" | "left" | "above" | "below";
export interface Label extends Box {
  side: LabelSide;
}

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Places each label beside its point on the first side where it overlaps no label placed before,
 * no other point and stays inside the frame; failing that, on the side with the least overlap,
 * where covering a name counts ten times covering a marker.
 * Labels are given in order of importance, so the most important always gets its first choice.
 */
export function placeLabels(
  items: { at: Point; width: number; height: number; gap: number }[],
  obstacles: Point[],
  obstacleRadius: number,
  frameBox: Box,
): Label[] {
  const placed: Label[] = [];
  const r = obstacleRadius;
  const obstacleBoxes = obstacles.map((p) => ({ at: p, box: { x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r } }));
  for (const { at, width, height, gap } of items) {
    const candidates: Label[] = [
      { side: "right", x: at.x + gap, y: at.y - height / 2, width, height },
      { side: "left", x: at.x - gap - width, y: at.y - height / 2, width, height },
      { side: "above", x: at.x - width / 2, y: at.y - gap - height, width, height },
      { side: "below", x: at.x - width / 2, y: at.y + gap, width, height },
    ];
    const cost = (label: Label) => {
      const outside = label.x < frameBox.x || label.y < frameBox.y || label.x + width > frameBox.x + frameBox.width || label.y + height > frameBox.y + frameBox.height;
      const others = obstacleBoxes.filter((o) => o.at.x !== at.x || o.at.y !== at.y).map((o) => o.box);
      // Covering another name is worse than covering a marker: the name would be lost.
      const hits = placed.filter((b) => overlaps(label, b)).length * 10 + others.filter((b) => overlaps(label, b)).length;
      return hits + (outside ? 100 : 0);
    };
    const best = candidates.reduce((a, b) => (cost(b) < cost(a) ? b : a));
    placed.push(best);
  }
  return placed;
}
