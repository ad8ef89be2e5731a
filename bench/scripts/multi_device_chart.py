#!/usr/bin/env python3
"""Charts a multi-device split results file (bench/scripts/multi_device_split.sh): time against
input size for each device alone and for the split over all of them, in the two cases (input
resident on the devices, and with its upload), and the measured crossover: the smallest size
from which the split beats the best single device at every larger size measured.

It also fits the cost model of docs/scaling.md to each line, T(n) = alpha + n * s / B (alpha: the
fixed latency of a launch, a combine or an upload; B: the streaming bandwidth; s = 4 bytes), by
least squares (relative errors) over the sizes measured, and extrapolates the split to P nodes of the same kind
with an MPI_Reduce of latency ALPHA_NET per tree level: T(n, P) = alpha + n*s/(P*B) +
ceil(log2 P) * alpha_net.

Usage: multi_device_chart.py RESULTS.json [--svg OUT.svg] [--alpha-net-us US] [--n N]
(Markdown on stdout; --alpha-net-us defaults to 2, an assumed InfiniBand latency; --n is the
input of the extrapolation, default 2^30)
Standard library only (the GPU machine has no plotting package)."""
import json
import math
import sys
from collections import defaultdict

from split_json import ms_of  # version 2 (µs) and version 1 (ms) split files

CASES = (("resident", "input resident"), ("end_to_end", "with upload"))
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")


def label_of(run):
    devices = run["devices"]
    if len(devices) == 1:
        d = devices[0]["device"]
        return f"device {d['index']} alone ({d['name'][:28]})"
    return f"split {run['split']} over {len(devices)}"


def series_of(results):
    """{label: {n: {case: ms}}} and whether the label is one device alone."""
    series = defaultdict(dict)
    single = {}
    for run in results["runs"]:
        if not run.get("verified"):
            continue
        label = label_of(run)
        single[label] = len(run["devices"]) == 1
        series[label][run["n"]] = {case: ms_of(run[case]) for case, _ in CASES}
    return series, single


def crossover(series, single, case):
    """Per split: the smallest n from which it beats every single device at each larger n."""
    singles = [s for s, alone in single.items() if alone]
    found = {}
    for label, alone in single.items():
        if alone:
            continue
        sizes = sorted(series[label])
        wins = []
        for n in sizes:
            best = min((series[s][n][case] for s in singles if n in series[s]), default=None)
            wins.append(best is not None and series[label][n][case] < best)
        start = None
        for n, win in zip(reversed(sizes), reversed(wins)):
            if not win:
                break
            start = n
        found[label] = start
    return found


TYPE, WIDTH = "float32", 4.0


def fit(points):
    """Least squares of ms = alpha + bytes / (B * 1e6), bytes = n * the element width, weighted by 1/ms^2 (relative
    errors: the small sizes fix alpha, the large ones B, over sizes that span 2^8 and more):
    (alpha ms, B GB/s); alpha is clamped at 0 (a negative fixed cost is noise)."""
    if len(points) < 2:
        return None
    xs = [WIDTH * n for n, _ in points]
    ys = [ms for _, ms in points]
    ws = [1.0 / (y * y) for y in ys]
    sw = sum(ws)
    mx = sum(w * x for w, x in zip(ws, xs)) / sw
    my = sum(w * y for w, y in zip(ws, ys)) / sw
    sxx = sum(w * (x - mx) ** 2 for w, x in zip(ws, xs))
    if sxx == 0:
        return None
    slope = sum(w * (x - mx) * (y - my) for w, x, y in zip(ws, xs, ys)) / sxx  # ms per byte
    alpha = max(my - slope * mx, 0.0)
    return alpha, (1.0 / (slope * 1e6) if slope > 0 else float("inf"))


def fits(series, single):
    lines = [f"\n### Fitted cost model T(n) = alpha + {WIDTH:g}n / B\n",
             "| line | case | alpha (us) | B (GB/s) |", "|---|---|---|---|"]
    fitted = {}
    for label in sorted(series, key=lambda s: (not single[s], s)):
        for case, title in CASES:
            f = fit(sorted((n, t[case]) for n, t in series[label].items()))
            if f:
                fitted[(label, case)] = f
                lines.append(f"| {label} | {title} | {f[0] * 1e3:.1f} | {f[1]:.1f} |")
    return "\n".join(lines), fitted


def extrapolate(fitted, alpha_net_us, n):
    lines = [f"\n### Extrapolated to P nodes, n = 2^{math.log2(n):.0f} {TYPE}, MPI_Reduce "
             f"{alpha_net_us} us per tree level\n",
             "| line | case | P = 1 | 10 | 100 | 1000 (ms) | P where the reduce latency equals the "
             "streaming time |", "|---|---|---|---|---|---|---|"]
    for (label, case), (alpha, bw) in sorted(fitted.items()):
        if label.startswith("device") or not math.isfinite(bw):
            continue
        cells = []
        for p in (1, 10, 100, 1000):
            cells.append(alpha + WIDTH * n / (p * bw * 1e6) + math.ceil(math.log2(p)) * alpha_net_us / 1e3)
        stream_ms = WIDTH * n / (bw * 1e6)
        # the largest P with n*s/(P*B) >= log2(P) * alpha_net: past it, more nodes mostly add latency
        balance = next((p for p in range(1, 1 << 20) if stream_ms / p < math.log2(max(p, 2)) * alpha_net_us / 1e3), None)
        lines.append(f"| {label} | {dict(CASES)[case]} | " + " | ".join(f"{c:.4f}" for c in cells) +
                     f" | {balance} |")
    return "\n".join(lines)


def markdown(series, single):
    labels = sorted(series, key=lambda s: (not single[s], s))
    sizes = sorted({n for s in series.values() for n in s})
    lines = []
    for case, title in CASES:
        lines.append(f"\n### Time (ms), {title}\n")
        lines.append("| n | " + " | ".join(labels) + " |")
        lines.append("|---|" + "---|" * len(labels))
        for n in sizes:
            cells = [f"{series[s][n][case]:.4f}" if n in series[s] else "" for s in labels]
            lines.append(f"| 2^{int(math.log2(n))} | " + " | ".join(cells) + " |")
        for label, n in crossover(series, single, case).items():
            where = f"from 2^{int(math.log2(n))} elements on" if n else "not within the sizes measured"
            lines.append(f"\nCrossover ({title}), {label}: {where}.")
    return "\n".join(lines)


def svg(series, single, width=900, height=380):
    labels = sorted(series, key=lambda s: (not single[s], s))
    sizes = sorted({n for s in series.values() for n in s})
    times = [t[c] for s in series.values() for t in s.values() for c, _ in CASES if t[c] > 0]
    if not sizes or not times:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"
    x0, x1 = math.log2(sizes[0]), max(math.log2(sizes[-1]), math.log2(sizes[0]) + 1)
    y0, y1 = math.floor(math.log10(min(times))), math.ceil(math.log10(max(times)))
    y1 = max(y1, y0 + 1)
    panel_w, top, plot_h = (width - 60) / 2, 40, height - 120
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           "font-family='sans-serif' font-size='11'>",
           f"<rect width='{width}' height='{height}' fill='white'/>"]
    for p, (case, title) in enumerate(CASES):
        left = 50 + p * (panel_w + 10)
        w = panel_w - 30

        def px(n):
            return left + (math.log2(n) - x0) / (x1 - x0) * w

        def py(ms):
            return top + (y1 - math.log10(ms)) / (y1 - y0) * plot_h

        out.append(f"<text x='{left + w / 2}' y='20' text-anchor='middle' font-size='13'>"
                   f"time (ms, log) against elements, {title}</text>")
        out.append(f"<rect x='{left}' y='{top}' width='{w}' height='{plot_h}' fill='none' "
                   "stroke='#888'/>")
        for e in range(y0, y1 + 1):
            y = py(10 ** e)
            out.append(f"<line x1='{left}' x2='{left + w}' y1='{y}' y2='{y}' stroke='#eee'/>")
            out.append(f"<text x='{left - 4}' y='{y + 4}' text-anchor='end'>1e{e}</text>")
        for n in sizes:
            out.append(f"<text x='{px(n)}' y='{top + plot_h + 14}' text-anchor='middle'>"
                       f"2^{int(math.log2(n))}</text>")
        for i, label in enumerate(labels):
            points = [(px(n), py(t[case])) for n, t in sorted(series[label].items()) if t[case] > 0]
            colour = COLOURS[i % len(COLOURS)]
            dash = "" if single[label] else " stroke-dasharray='6,3'"
            out.append("<polyline fill='none' stroke-width='2' stroke='" + colour + "'" + dash +
                       " points='" + " ".join(f"{x:.1f},{y:.1f}" for x, y in points) + "'/>")
        for label, n in crossover(series, single, case).items():
            if n:
                out.append(f"<line x1='{px(n)}' x2='{px(n)}' y1='{top}' y2='{top + plot_h}' "
                           "stroke='black' stroke-dasharray='2,2'/>")
                out.append(f"<text x='{px(n) + 3}' y='{top + 12}'>crossover</text>")
    for i, label in enumerate(labels):
        y = height - 50 + (i // 2) * 14
        x = 60 + (i % 2) * (width / 2)
        out.append(f"<rect x='{x}' y='{y - 9}' width='12' height='10' "
                   f"fill='{COLOURS[i % len(COLOURS)]}'/>")
        out.append(f"<text x='{x + 16}' y='{y}'>{label}</text>")
    out.append("</svg>")
    return "\n".join(out)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        results = json.load(f)
    global TYPE, WIDTH  # the element type of the runs (all of one type), for the byte counts
    TYPE = results["runs"][0]["request"]["type"] if results.get("runs") else "float32"
    WIDTH = 8.0 if TYPE.endswith("64") else 4.0
    series, single = series_of(results)
    print(markdown(series, single))
    table, fitted = fits(series, single)
    print(table)
    alpha_net = float(argv[argv.index("--alpha-net-us") + 1]) if "--alpha-net-us" in argv else 2.0
    n = int(float(argv[argv.index("--n") + 1])) if "--n" in argv else 1 << 30
    print(extrapolate(fitted, alpha_net, n))
    if "--svg" in argv:
        with open(argv[argv.index("--svg") + 1], "w") as f:
            f.write(svg(series, single))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
