import { expect, it } from "vitest";
import { areaOutline, convexHull, frame, placeLabels, projection, milesBetween } from "./map-geometry.ts";

it("projects coordinates to kilometres: a degree of latitude is about 111 km, a degree of longitude less in England", () => {
  const project = projection([
    { lat: 51.5, lon: 0 },
    { lat: 52.5, lon: 1 },
  ]);
  const a = project({ lat: 51.5, lon: 0 });
  const b = project({ lat: 52.5, lon: 0 });
  const c = project({ lat: 51.5, lon: 1 });
  expect(a.y - b.y).toBeCloseTo(110.57, 1);
  expect(c.x - a.x).toBeGreaterThan(66);
  expect(c.x - a.x).toBeLessThan(70);
});

it("keeps only the corners of a group of points", () => {
  const square = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }];
  const hull = convexHull([...square, { x: 5, y: 5 }, { x: 2, y: 8 }, { x: 10, y: 0 }]);
  expect(hull).toHaveLength(4);
  expect(new Set(hull.map((p) => `${p.x},${p.y}`))).toEqual(new Set(square.map((p) => `${p.x},${p.y}`)));
});

it("draws an outline that lies at the given distance around the points, with rounded corners", () => {
  const points = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 8 }, { x: 5, y: 3 }];
  const path = areaOutline(points, 2, (p) => p, 1);
  expect(path).toMatch(/^M.*Z$/);
  expect(path.match(/A2 2 0 0 1/g)).toHaveLength(3);
  const coordinates = [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
  for (const p of coordinates) {
    const nearest = Math.min(...points.map((q) => Math.hypot(p.x - q.x, p.y - q.y)));
    expect(nearest).toBeCloseTo(2, 0);
  }
  expect(areaOutline([{ x: 3, y: 3 }], 2, (p) => p, 1)).toBe("M1 3a2 2 0 1 0 4 0a2 2 0 1 0 -4 0Z");
});

it("frames a box at the asked shape and never narrower than the minimum", () => {
  expect(frame({ x: 0, y: 0, width: 40, height: 10 }, 2, 5)).toEqual({ x: 0, y: -5, width: 40, height: 20 });
  expect(frame({ x: 0, y: 0, width: 4, height: 10 }, 2, 5)).toEqual({ x: -8, y: 0, width: 20, height: 10 });
  expect(frame({ x: 0, y: 0, width: 4, height: 1 }, 2, 30)).toEqual({ x: -13, y: -7, width: 30, height: 15 });
});

it("moves a label to another side when the first would cover a label placed before it", () => {
  const frameBox = { x: 0, y: 0, width: 400, height: 400 };
  const a = { x: 100, y: 100 };
  const b = { x: 130, y: 100 };
  const [first, second] = placeLabels(
    [
      { at: a, width: 60, height: 14, gap: 8 },
      { at: b, width: 60, height: 14, gap: 8 },
    ],
    [a, b],
    6,
    frameBox,
  );
  expect(first!.side).toBe("left");
  expect(second!.side).toBe("right");
  const [edge] = placeLabels([{ at: { x: 390, y: 200 }, width: 60, height: 14, gap: 8 }], [], 6, frameBox);
  expect(edge!.side).toBe("left");
});

it("measures the straight-line distance between two places in miles", () => {
  // One degree of latitude is 110.57 km, 68.7 miles.
  expect(milesBetween({ lat: 51.5, lon: -0.2 }, { lat: 52.5, lon: -0.2 })).toBeCloseTo(68.7, 1);
  expect(milesBetween({ lat: 51.9, lon: -0.2 }, { lat: 51.9, lon: -0.2 })).toBe(0);
});
