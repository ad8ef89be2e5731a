#!/usr/bin/env python3
"""The README's best-against-CUB table, from results files the programs wrote.

Usage: bench/scripts/timing_table.py [--name NAME] [--peer NAME] BEST.json [BEST2.json ...] --vs CUB.json [...]
       bench/scripts/timing_table.py [--name NAME] [--peer NAME] BEST.json CUB.json
--peer names the other side in the header (default CUB; the PoCL table's is oneTBB), --name the
first side (default best; an A/B of two launch configurations names both).
--summary adds a line counting the cells where the first side is behind (ratio below 1.00), and
lists them with three decimals, so that prose need not copy figures out of the table.
Prints one Markdown row per (type, n), or (type, operation, n) where the files hold several
operations, that both sides measured: median (p10-p90) in microseconds for each timing method
that both sides timed, best / CUB, and CUB's time / best's (above 1: best is faster). Where
several files on one side hold the same point (type, n, timing method), as the latency runs
repeated in alternating processes do, their timed samples are pooled and the statistics are
taken over the pool (p10 and p90 interpolated as numpy.percentile does), and a line under the
table says so. The "median" of a cell is the lower median of the pooled samples (the lower of the
two middle ones for an even count), as the engine computed it when the README's tables were
made; the engine's median_us is now numpy.median's, so an even count can differ by half the gap
between the two middle samples. Reads results files of both versions:
reducelab-results/2 (repeat_us) and the older reducelab-results/1 (repeat_ms)."""
import json
import math
import sys


def spread(samples_ms):
    s = sorted(samples_ms)
    def pct(p):
        rank = p / 100.0 * (len(s) - 1)
        below = math.floor(rank)
        above = min(below + 1, len(s) - 1)
        return s[below] + (rank - below) * (s[above] - s[below])
    return {"median_us": s[(len(s) - 1) // 2] * 1000.0, "p10_us": pct(10) * 1000.0,
            "p90_us": pct(90) * 1000.0, "runs": len(s)}


def repeats_ms(point):
    """Every timed repeat in ms: version 2 files hold them in µs, version 1 files in ms."""
    if "repeat_us" in point:
        return [us / 1000.0 for us in point["repeat_us"]]
    return point["repeat_ms"]


def points(paths):
    """(type, n, method) -> pooled statistics and how many files contributed."""
    samples, files = {}, {}
    for path in paths:
        for p in json.load(open(path))["points"]:
            key = (p["request"]["type"], p["request"]["op"], p["n"], p["timing_method"])
            samples.setdefault(key, []).extend(repeats_ms(p))
            files[key] = files.get(key, 0) + 1
    return {k: dict(spread(v), files=files[k]) for k, v in samples.items()}


def ratio(best, cub):
    """CUB's time / best's: above 1, best is faster."""
    return cub["median_us"] / best["median_us"]


def cell(best, cub):
    return "%.1f (%.1f–%.1f) / %.1f (%.1f–%.1f) = %.2f×" % (
        best["median_us"], best["p10_us"], best["p90_us"],
        cub["median_us"], cub["p10_us"], cub["p90_us"], ratio(best, cub))


def main():
    args = sys.argv[1:]
    summary = "--summary" in args
    if summary:
        args.remove("--summary")
    names = {"--name": "best", "--peer": "CUB"}
    for option in names:
        if option in args:
            at = args.index(option)
            if at + 1 >= len(args):
                sys.exit(__doc__)
            names[option] = args[at + 1]
            del args[at:at + 2]
    name, peer = names["--name"], names["--peer"]
    if "--vs" in args:
        at = args.index("--vs")
        best_paths, cub_paths = args[:at], args[at + 1:]
    elif len(args) == 2:
        best_paths, cub_paths = args[:1], args[1:]
    else:
        sys.exit(__doc__)
    if not best_paths or not cub_paths:
        sys.exit(__doc__)
    best, cub = points(best_paths), points(cub_paths)
    methods = [m for m in ("kernel", "sustained", "latency")  # those both sides timed
               if any(k[3] == m for k in best) and any(k[3] == m for k in cub)]
    rows = sorted({k[:3] for k in best if all(k[:3] + (m,) in cub for m in methods)})
    show_op = len({r[1] for r in rows}) > 1  # an operation column only where there are several
    print("| type | " + ("op | " if show_op else "") + "n | " +
          " | ".join("%s: %s / %s µs" % (m, name, peer) for m in methods) + " |")
    print("|---|" + ("---|" if show_op else "") + "---:|" + "---:|" * len(methods))
    for (type_, op, n) in rows:
        cells = [cell(best[(type_, op, n, m)], cub[(type_, op, n, m)]) for m in methods]
        print("| %s | %s2^%d | %s |" % (type_, op + " | " if show_op else "", n.bit_length() - 1,
                                        " | ".join(cells)))
    if summary:
        behind = ["%s %s2^%d %s %.3f×" % (k[0], k[1] + " " if show_op else "",
                                          k[2].bit_length() - 1, m,
                                          ratio(best[k + (m,)], cub[k + (m,)]))
                  for k in rows for m in methods if ratio(best[k + (m,)], cub[k + (m,)]) < 1]
        print("\n%s behind %s in %d of %d cells%s" % (
            name, peer, len(behind), len(rows) * len(methods),
            (": " + "; ".join(behind)) if behind else ""))
    for m in methods:
        pooled = sorted({(k[0], k[2], best[k]["files"], cub[k]["files"]) for k in best
                         if k[3] == m and k[:3] in rows and
                         (best[k]["files"] > 1 or cub[k]["files"] > 1)})
        if pooled:
            low, high = (min(p[1] for p in pooled).bit_length() - 1,
                         max(p[1] for p in pooled).bit_length() - 1)
            sizes = "2^%d" % low if low == high else "2^%d–2^%d" % (low, high)
            runs = sorted({(p[2], p[3]) for p in pooled})
            print("\n%s at %s: samples pooled over %s runs per side (%s, %s), each its own "
                  "process, the two programs alternating." % (
                      m, sizes, ", ".join("%d and %d" % r for r in runs), name, peer))


if __name__ == "__main__":
    main()
