#!/usr/bin/env python3
"""The planner's decisions in a multi-device results file (bench/scripts/multi_device_split.sh):
for every split, predicted against measured time, the fastest device alone as predicted, and
each device left out with the planner's own reason. Markdown on stdout. Reads runs of split
version 2 (µs) and version 1 (ms).
Usage: multi_device_plans.py RESULTS.json"""
import json
import sys

from split_json import ms_of


def main(path):
    runs = json.load(open(path))["runs"]
    print("| n | split | case planned | predicted (ms) | measured (ms) | fastest alone, predicted (ms) | left out |")
    print("|---|---|---|---|---|---|---|")
    for run in runs:
        plan = run.get("plan")
        if not plan or len(run["devices"]) < 2:
            continue
        exp = run["n"].bit_length() - 1
        size = f"2^{exp}" if run["n"] == 1 << exp else str(run["n"])
        left = "; ".join(f"device {o['device']}: {o['reason']}" for o in plan["left_out"]) or "none"
        print(f"| {size} | {run['split']} | {plan['case']} | {ms_of(plan, 'predicted'):.4f} | "
              f"{ms_of(plan, 'measured'):.4f} | device {plan['fastest_alone_device']}: "
              f"{ms_of(plan, 'fastest_alone_predicted'):.4f} | {left} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
