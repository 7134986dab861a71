// What a click or a tap on the map means: the train, bus, station, bus stop or entrance nearest to it among those
// drawn within a 44 px target (WCAG 2.5.5), so a finger 20 px off a 12 px station dot still opens it. MapLibre's
// own hit boxes are only as large as the icons.

/** Half the side of the square a click or tap reaches, in CSS pixels. */
export const hitRadius = 22;

/**
 * The feature a click at `point` (`{x, y}` in CSS pixels) picks among `layers`: of those drawn under the point,
 * else of those within `hitRadius`, the one whose drawn centre is nearest (a vehicle's icon sits beside its track
 * position by its `off` pixels, so a click on a station under a standing train opens the station, and one on the
 * train's bullet the train). Returns the feature (with `layer.id`) or null.
 */
export function pickFeature(map, point, layers) {
  const present = layers.filter((id) => map.getLayer(id));
  if (present.length === 0) return null;
  const exact = map.queryRenderedFeatures([point.x, point.y], { layers: present });
  const near = exact.length > 0 ? exact
    : map.queryRenderedFeatures([[point.x - hitRadius, point.y - hitRadius], [point.x + hitRadius, point.y + hitRadius]],
                                { layers: present });
  let best = null, bestDistance = Infinity;
  for (const feature of near) {
    if (feature.geometry?.type !== "Point") continue;
    const at = drawnCentre(map, feature);
    const distance = Math.hypot(at.x - point.x, at.y - point.y);
    if (distance < bestDistance) { best = feature; bestDistance = distance; }
  }
  return best;
}

/** Where a point feature's icon is drawn: its projection plus its `off` pixels when it has them. */
function drawnCentre(map, feature) {
  const { x, y } = map.project(feature.geometry.coordinates);
  let offset = feature.properties?.off;
  if (typeof offset === "string") {
    try { offset = JSON.parse(offset); } catch { offset = null; }
  }
  return Array.isArray(offset) && offset.length === 2 ? { x: x + Number(offset[0]), y: y + Number(offset[1]) } : { x, y };
}
