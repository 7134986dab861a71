// Words of the arrivals boards (station display, map popup) in English and Spanish. `when` is the one wording of an
// arrival's time everywhere (the server's sign rows say the same): "Due" under a minute, else whole minutes.

const english = {
  locale: "en-US",
  min: "min",
  due: "Due",
  cancelled: "Cancelled",
  loading: "Loading arrivals…",
  noTrains: "No trains expected soon",
  noStation: "Add ?station=ID to the address",
  // NYC's platform directions; any other agency's direction_id reads as where its vehicles head.
  direction: (d, headsign) => (d === "N" ? "Uptown" : d === "S" ? "Downtown" : headsign ? `To ${headsign}` : d ?? ""),
  minutesLabel: (m) => (m === 0 ? "due now" : `in ${m} ${m === 1 ? "minute" : "minutes"}`),
  cancelledLabel: "cancelled",
  terminating: "Arriving, terminates here",
  updated: (time) => `Updated ${time}`,
  staleRow: "may be out of date",
  staleRows: "Dimmed times may be out of date",
  staleAlerts: "Alerts may be out of date",
  staleBoard: "Some trains may be missing: a feed has not updated",
  noTimes: "Arrival times unavailable: the feed has not updated",
  unknownStation: (id) => `Unknown station ${id}`,
  liveUnavailable: "Live times unavailable",
  noTrainsUntil: (time) => `No trains until ${time}`,
  noBusesUntil: (time) => `No buses until ${time}`,
  demo: "Demo",
  simulated: "Simulated",
  replay: "Replay",
  stale: "Stale",
  recorded: (date) => `recorded ${date}`,
  connection: (state) => (state === "offline" ? "Offline" : state === "connecting" ? "Connecting…" : "Reconnecting…"),
  lastUpdate: (clock) => `Last update ${clock} ago`,
};

const spanish = {
  locale: "es-US",
  min: "min",
  due: "Llegando",
  cancelled: "Cancelado",
  loading: "Cargando llegadas…",
  noTrains: "No se esperan trenes pronto",
  noStation: "Añada ?station=ID a la dirección",
  direction: (d, headsign) => (d === "N" ? "Hacia el norte" : d === "S" ? "Hacia el sur" : headsign ? `Hacia ${headsign}` : d ?? ""),
  minutesLabel: (m) => (m === 0 ? "llegando ahora" : `en ${m} ${m === 1 ? "minuto" : "minutos"}`),
  cancelledLabel: "cancelado",
  terminating: "Llegando, termina aquí",
  updated: (time) => `Actualizado ${time}`,
  staleRow: "puede no estar al día",
  staleRows: "Los horarios atenuados pueden no estar al día",
  staleAlerts: "Los avisos pueden no estar al día",
  staleBoard: "Pueden faltar trenes: un servicio de datos no se ha actualizado",
  noTimes: "Horarios no disponibles: los datos no se han actualizado",
  unknownStation: (id) => `Estación desconocida ${id}`,
  liveUnavailable: "Horarios en vivo no disponibles",
  noTrainsUntil: (time) => `No hay trenes hasta las ${time}`,
  noBusesUntil: (time) => `No hay autobuses hasta las ${time}`,
  demo: "Demostración",
  simulated: "Simulado",
  replay: "Grabación",
  stale: "Desactualizado",
  recorded: (date) => `grabado el ${date}`,
  connection: (state) => (state === "offline" ? "Sin conexión" : state === "connecting" ? "Conectando…" : "Reconectando…"),
  lastUpdate: (clock) => `Última actualización hace ${clock}`,
};

for (const words of [english, spanish]) {
  /** An arrival `minutes` away as `{value, unit}`: `{value: "Due", unit: null}` under a minute, else `{"7", "min"}`. */
  words.when = (minutes) => (minutes === 0 ? { value: words.due, unit: null } : { value: String(minutes), unit: words.min });
  /** The same as one string: "Due", "7 min". */
  words.whenText = (minutes) => {
    const { value, unit } = words.when(minutes);
    return unit ? `${value} ${unit}` : value;
  };
}

/** The texts for a language code ("en" or "es"). */
export function texts(lang) {
  return lang === "es" ? spanish : english;
}
