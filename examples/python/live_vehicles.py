"""Prints the live vehicles of a Trackside server's push stream, as they change.

    pip install websockets
    python live_vehicles.py --server ws://127.0.0.1:8080 --bbox=-74.02,40.70,-73.96,40.77 [--updates 10]
    python live_vehicles.py --server ws://127.0.0.1:8080 --all [--layers subway] [--routes A,C]

Subscribes to the box (or, with --all, to the whole network: {"op":"subscribe","region":"all"}), keeps the vehicles the snapshot and each delta describe (docs/PROTOCOL.md: apply removes,
then upserts), prints one line per vehicle that appeared or changed, and a summary per tick. Reconnects with
`resume` if the connection drops, so no tick is missed or applied twice.
"""
import argparse
import json
import time

from websockets.sync.client import connect


def describe(vehicle):
    where = f"at {vehicle['stop']}" if vehicle["status"] == "stopped" and "stop" in vehicle else f"to {vehicle.get('next', '?')}"
    return (f"{vehicle['kind']:6} {vehicle['route']:>4} {vehicle.get('headsign', '')[:28]:28} {vehicle['status']:8} "
            f"{where:12} {vehicle['lat']:.5f},{vehicle['lon']:.5f}  [{vehicle['id']}]")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="ws://127.0.0.1:8080", help="the server's ws:// (or wss://) address")
    parser.add_argument("--bbox", default="-74.02,40.70,-73.96,40.77", help="minLon,minLat,maxLon,maxLat")
    parser.add_argument("--all", action="store_true", help="the whole network instead of a box")
    parser.add_argument("--layers", help="only these kinds, comma-separated (subway,bus,…)")
    parser.add_argument("--routes", help="only these routes, comma-separated")
    parser.add_argument("--updates", type=int, default=0, help="stop after this many snapshots and deltas (0: never)")
    args = parser.parse_args()
    view = {"region": "all"} if args.all else {"bbox": [float(x) for x in args.bbox.split(",")]}
    for name in ("layers", "routes"):
        if getattr(args, name):
            view[name] = getattr(args, name).split(",")
    vehicles, epoch, seq, updates = {}, None, None, 0
    while args.updates == 0 or updates < args.updates:
        try:
            with connect(args.server.rstrip("/") + "/ws", subprotocols=["trackside.v1"], open_timeout=10) as socket:
                hello = json.loads(socket.recv())
                print(f"connected to {hello['server']} ({hello['source']} data, protocol {hello['protocol']})", flush=True)
                if epoch == hello["epoch"] and seq is not None:
                    socket.send(json.dumps({"op": "resume", "epoch": epoch, "seq": seq, **view}))
                else:
                    socket.send(json.dumps({"op": "subscribe", **view}))
                epoch = hello["epoch"]
                for text in socket:
                    message = json.loads(text)
                    if message["type"] == "error":
                        raise SystemExit(f"refused: {message['code']}: {message['message']}")
                    if message["type"] == "snapshot":
                        vehicles.clear()
                        changed = message["vehicles"]
                    elif message["type"] == "delta":
                        for vehicle_id in message["remove"]:
                            vehicles.pop(vehicle_id, None)
                        changed = message["upsert"]
                    else:
                        continue
                    for vehicle in changed:
                        vehicles[vehicle["id"]] = vehicle
                        print(describe(vehicle), flush=True)
                    seq = message["seq"]
                    updates += 1
                    print(f"-- seq {seq}: {len(vehicles)} vehicles ({message['type']}, {len(changed)} changed)", flush=True)
                    if args.updates and updates >= args.updates:
                        return
        except (OSError, EOFError) as error:
            print(f"connection lost ({error}); reconnecting", flush=True)
            time.sleep(1)


if __name__ == "__main__":
    main()
