"""An independent reading of an MTA alerts feed with Google's protobuf classes (PyPI
gtfs-realtime-bindings), applying the display rules of docs/ALERTS.md, for comparison with
`trackside alerts`.

No PyPI package ships the Mercury extension, so its first three fields (created_at, updated_at,
alert_type) are declared here from us-ny-mta-alerts-extension.proto and read from the unknown
field 1001 of each Alert.
"""
import collections
import datetime
import zoneinfo

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, unknown_fields
from google.transit import gtfs_realtime_pb2

NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


def mercury_alert_class():
    fields = descriptor_pb2.FieldDescriptorProto
    file = descriptor_pb2.FileDescriptorProto(name="mercury_reference.proto", package="trackside_reference")
    message = file.message_type.add(name="MercuryAlert")
    for number, name, kind in [(1, "created_at", fields.TYPE_UINT64), (2, "updated_at", fields.TYPE_UINT64),
                               (3, "alert_type", fields.TYPE_STRING)]:
        message.field.add(name=name, number=number, type=kind, label=fields.LABEL_OPTIONAL)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("trackside_reference.MercuryAlert"))


MercuryAlert = mercury_alert_class()


def mercury(alert):
    for field in unknown_fields.UnknownFieldSet(alert):
        if field.field_number == 1001:
            return MercuryAlert.FromString(field.data)
    return None


def english(translated):
    for translation in translated.translation:
        if translation.language == "en":
            return translation.text.strip()
    return None


def when(periods, now):
    """now / later_today / tomorrow / later, or None when every period has ended."""
    if not periods or any(start <= now and (end == 0 or now < end) for start, end in periods):
        return "now"
    upcoming = [start for start, _ in periods if start > now]
    if not upcoming:
        return None
    today = datetime.datetime.fromtimestamp(now, NEW_YORK).date()
    day = datetime.datetime.fromtimestamp(min(upcoming), NEW_YORK).date()
    return {0: "later_today", 1: "tomorrow"}.get((day - today).days, "later")


def display_alerts(path, now=None, shows_no_scheduled_service=False):
    """(type, planned, when, routes, header, entity ids) per display alert, in feed order."""
    feed = gtfs_realtime_pb2.FeedMessage.FromString(open(path, "rb").read())
    now = feed.header.timestamp if now is None else now
    alerts = []
    equipment_index = {}
    for entity in feed.entity:
        alert = entity.alert
        header = english(alert.header_text)
        periods = [(p.start, p.end) for p in alert.active_period]
        timing = when(periods, now)
        if header is None or timing is None:
            continue
        extension = mercury(alert)
        kind = extension.alert_type if extension is not None else None
        planned = bool(kind and kind.startswith("Planned - "))
        if planned:
            kind = kind[len("Planned - "):]
        if kind == "No Scheduled Service" and not shows_no_scheduled_service:
            continue
        routes = list(dict.fromkeys(s.route_id for s in alert.informed_entity if s.route_id))
        equipment = entity.id.rpartition("#")[2] if "#" in entity.id else None
        if equipment and equipment.startswith(("EL", "ES")):
            kind = "Elevator Outage" if equipment.startswith("EL") else "Escalator Outage"
            key = (equipment, header)
            if key in equipment_index:
                alerts[equipment_index[key]]["ids"].append(entity.id)
                continue
            equipment_index[key] = len(alerts)
        alerts.append({"type": kind, "planned": planned, "when": timing, "routes": routes, "header": header,
                       "ids": [entity.id]})
    return alerts


def counts(alerts):
    by_type = collections.Counter(a["type"] for a in alerts)
    by_route = collections.Counter(route for a in alerts for route in a["routes"])
    return by_type, by_route
