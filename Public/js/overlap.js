// Vehicles drawn at one spot are spread apart, so a 1 and a 2 standing at the same platform read as two bullets,
// not one: icons whose drawn centres fall within `overlapPx` of each other are placed around a small circle about
// their middle. Pure:
// features in, their pixel offsets adjusted; the projection is passed in.

/** Icons closer than this (CSS pixels, centre to centre) count as drawn at one spot. */
export const overlapPx = 14;
/** How far apart spread icons are, centre to centre: a bullet's width and a little. */
const spacingPx = 22;
const radians = Math.PI / 180;

/**
 * Spreads overlapping vehicle features in place. Each feature's `properties` has `off` (its icon's offset in screen
 * pixels), `aoff` (its arrow's offset, in the arrow's frame, which turns with `rot` on the map) and `rot`; those of
 * a group are moved around a circle, in id order so that the arrangement is stable between frames.
 *
 * @param {object[]} features GeoJSON point features
 * @param {(coordinates: number[]) => {x: number, y: number}} project
 * @param {number} mapBearing degrees
 */
export function spreadOverlaps(features, project, mapBearing) {
  const centres = features.map((feature) => {
    const { x, y } = project(feature.geometry.coordinates);
    const [dx, dy] = feature.properties.off;
    return { x: x + dx, y: y + dy };
  });
  // Greedy grouping on a grid of `overlapPx` cells: a feature joins the first group whose seed is near enough.
  const cells = new Map();
  const groups = [];
  centres.forEach((centre, index) => {
    const cx = Math.floor(centre.x / overlapPx), cy = Math.floor(centre.y / overlapPx);
    let group = null;
    for (let i = -1; i <= 1 && !group; i++) {
      for (let j = -1; j <= 1 && !group; j++) {
        group = (cells.get(`${cx + i},${cy + j}`) ?? []).find((g) => Math.hypot(g.seed.x - centre.x, g.seed.y - centre.y) < overlapPx) ?? null;
      }
    }
    if (group) {
      group.members.push(index);
      return;
    }
    group = { seed: centre, members: [index] };
    groups.push(group);
    const key = `${cx},${cy}`;
    cells.set(key, [...(cells.get(key) ?? []), group]);
  });
  for (const { members } of groups) {
    if (members.length < 2) continue;
    members.sort((a, b) => String(features[a].properties.id).localeCompare(String(features[b].properties.id)));
    // Around the group's middle, so that icons a few pixels apart end as far apart as those at one point.
    const middle = members.reduce((sum, index) => ({ x: sum.x + centres[index].x / members.length,
                                                     y: sum.y + centres[index].y / members.length }), { x: 0, y: 0 });
    const radius = spacingPx / (2 * Math.sin(Math.PI / members.length));
    members.forEach((index, k) => {
      const angle = (2 * Math.PI * k) / members.length - Math.PI / 2;
      const target = { x: middle.x + radius * Math.cos(angle), y: middle.y + radius * Math.sin(angle) };
      shift(features[index].properties, target.x - centres[index].x, target.y - centres[index].y, mapBearing);
    });
  }
}

/** Moves an icon and its arrow by (sx, sy) screen pixels. */
function shift(properties, sx, sy, mapBearing) {
  properties.off = [properties.off[0] + sx, properties.off[1] + sy];
  if (Array.isArray(properties.aoff)) {
    // The arrow's offset is in its own frame, turned by its on-screen bearing: screen → frame is the inverse turn.
    const theta = ((properties.rot ?? 0) - mapBearing) * radians;
    const cos = Math.cos(theta), sin = Math.sin(theta);
    properties.aoff = [properties.aoff[0] + sx * cos + sy * sin, properties.aoff[1] - sx * sin + sy * cos];
  }
}
