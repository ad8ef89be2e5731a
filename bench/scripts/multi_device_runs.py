#!/usr/bin/env python3
"""One line per multi-device run file (`reducelab-cli run --json --devices ...`, one run each):
the devices given work, the split, whether it verified, the time with the data resident and with
the upload, each device's upload rate, and the plan's prediction beside the fastest device alone.
Markdown on stdout. Reads split files of version 2 (µs) and version 1 (ms, the committed ones).
Usage: multi_device_runs.py RUN.json..."""
import json
import os
import sys

from split_json import ms_of


def size_text(n):
    exp = n.bit_length() - 1
    return f"2^{exp}" if n == 1 << exp else str(n)


def predicted(plan, stem):
    """A plan's time in ms; NaN without a plan (files written before plans) or without a value."""
    value = ms_of(plan, stem) if (stem + "_us") in plan or (stem + "_ms") in plan else None
    return float("nan") if value is None else value


def main(paths):
    print("| file | n | type | split | devices given work | verified (abs error, bound) "
          "| resident ms (GB/s) | with upload ms (GB/s) | upload GB/s | plan predicted ms "
          "| fastest alone predicted ms | left out |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for path in paths:
        run = json.load(open(path))
        working = [d for d in run["devices"] if d["elements"] > 0]
        names = "; ".join(f"{d['device']['index']} {d['device']['name']} ({d['share_percent']:.1f} %)"
                          for d in working)
        uploads = "; ".join(f"{d['upload_gbps']:.2f} ({d['upload_from']})" for d in working)
        plan = run.get("plan") or {}
        left = "; ".join(f"device {o['device']}: {o['reason']}" for o in plan.get("left_out", [])) or "none"
        verified = "yes" if run["verified"] else "NO"
        resident, e2e = run["resident"], run["end_to_end"]
        print(f"| {os.path.basename(path)} | {size_text(run['n'])} | {run['request']['type']} "
              f"| {run['split']} | {names} "
              f"| {verified} ({run['abs_error']:.4g}, {run['error_bound']:.3g}) "
              f"| {ms_of(resident):.4f} ({resident['gbps']:.2f}) | {ms_of(e2e):.4f} ({e2e['gbps']:.2f}) "
              f"| {uploads} | {predicted(plan, 'predicted'):.4f} "
              f"| {predicted(plan, 'fastest_alone_predicted'):.4f} | {left} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
