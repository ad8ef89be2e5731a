#!/usr/bin/env python3
"""The README's best-against-CUB table, from two results files the programs wrote.

Usage: bench/scripts/timing_table.py BEST.json CUB.json
Prints one Markdown row per (type, n): median (p10-p90) in microseconds for each timing method,
best / CUB, and CUB's time / best's (above 1: best is faster)."""
import json
import sys


def points(path):
    table = {}
    for p in json.load(open(path))["points"]:
        key = (p["request"]["type"], p["n"], p["timing_method"])
        table[key] = p
    return table


def cell(best, cub):
    ratio = cub["median_us"] / best["median_us"]
    return "%.1f (%.1f–%.1f) / %.1f (%.1f–%.1f) = %.2f×" % (
        best["median_us"], best["p10_us"], best["p90_us"],
        cub["median_us"], cub["p10_us"], cub["p90_us"], ratio)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    best, cub = points(sys.argv[1]), points(sys.argv[2])
    methods = ["kernel", "sustained", "latency"]
    print("| type | n | " + " | ".join("%s: best / CUB µs" % m for m in methods) + " |")
    print("|---|---:|" + "---:|" * len(methods))
    for (type_, n) in sorted({(t, n) for (t, n, _) in best}, key=lambda k: (k[0], k[1])):
        cells = [cell(best[(type_, n, m)], cub[(type_, n, m)]) for m in methods]
        print("| %s | 2^%d | %s |" % (type_, n.bit_length() - 1, " | ".join(cells)))


if __name__ == "__main__":
    main()
