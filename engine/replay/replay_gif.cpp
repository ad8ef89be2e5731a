// The animated GIF replay: a frame of the loaded state and one per round for every traced
// work-group, the traces (variants) stacked, drawn by the small rasterizer in raster.h.
#include <algorithm>
#include <string>
#include <vector>

#include "reducelab/error.h"
#include "reducelab/memory_limits.h"
#include "reducelab/replay.h"
#include "replay/gif_writer.h"
#include "replay/raster.h"
#include "replay/replay_internal.h"

namespace reducelab {
namespace {

using replay::Canvas;

constexpr int kMargin = 8;
constexpr int kArrowLevels = 4;

// Sizes of one trace's panel, shared by every frame so that frames line up.
struct PanelLayout {
    int scale = 1;      // font scale
    int cell_w = 0;     // a cell's width
    int cell_h = 0;     // and height
    int per_line = 16;  // cells per line of cells
    int lines = 1;      // lines of cells
    int line_h = 0;     // marker + cell + warp strip + arrows
    int text_h = 0;     // a line of text
    int height = 0;     // the whole panel
    int width = 0;
};

int marker_height(int cell_h) {
    return std::max(4, cell_h / 5);
}
int arrow_strip(int scale) {
    return kArrowLevels * 3 * scale + 4;
}

PanelLayout layout_panel(const StepTrace& trace, unsigned cell_size, std::size_t caption_chars) {
    PanelLayout l;
    l.cell_h = static_cast<int>(cell_size);
    l.scale = std::max(1, l.cell_h / 20);
    std::size_t widest = 1;
    for (const GroupTrace& g : trace.groups) {
        for (const Value& v : g.initial) widest = std::max(widest, v.to_string().size());
        for (const TraceRound& r : g.rounds)
            for (const Value& v : r.values) widest = std::max(widest, v.to_string().size());
    }
    l.cell_w = std::max(l.cell_h, replay::text_width(std::string(widest, '0'), l.scale) + 6);
    l.per_line = static_cast<int>(std::min<std::size_t>(trace.local_size, 16));
    l.lines = static_cast<int>((trace.local_size + l.per_line - 1) / l.per_line);
    l.line_h = marker_height(l.cell_h) + 2 + l.cell_h + 2 + 3 + arrow_strip(l.scale);
    l.text_h = 10 * l.scale;
    l.height = l.text_h + l.lines * l.line_h + 2 * l.text_h;
    l.width = std::max(l.per_line * (l.cell_w + 2),
                       replay::text_width(std::string(caption_chars, 'm'), l.scale));
    return l;
}

std::string caption(const GroupTrace& group, std::size_t shown) {
    if (shown == 0) return "loaded: local memory before the first round";
    const TraceRound& r = group.rounds[shown - 1];
    std::string text = "round " + std::to_string(shown) + " of " +
                       std::to_string(group.rounds.size()) + ", stride " +
                       std::to_string(r.stride) + ": " + std::to_string(r.active_work_items) +
                       " active, " + std::to_string(r.divergent_warps) + " divergent warp(s), " +
                       std::to_string(r.bank_conflicts) + " bank conflict(s)";
    if (r.bank_conflicts) text += " (" + std::to_string(r.max_conflict_degree) + "-way)";
    if (shown == group.rounds.size()) text += "; partial " + group.partial.to_string();
    return text;
}

constexpr std::size_t kCaptionChars = 96;

// Draws trace's panel at `top` for `group`, showing the state after `shown` rounds (0: loaded).
void draw_panel(Canvas& canvas, int top, const StepTrace& trace, const PanelLayout& l,
                const GroupTrace& group, std::size_t shown) {
    const TraceRound* round = shown ? &group.rounds[shown - 1] : nullptr;
    const std::vector<Value>& values = round ? round->values : group.initial;
    canvas.text(kMargin, top, trace.variant + ", work-group " + std::to_string(group.group),
                l.scale, replay::kText);
    const std::size_t n = trace.local_size;
    std::vector<bool> written(n), read(n), conflict(n), divergent(n);
    if (round) {
        for (const Access& a : round->accesses) {
            if (a.write < n) written[a.write] = true;
            if (a.read_a < n) read[a.read_a] = true;
            if (a.read_b < n) read[a.read_b] = true;
        }
        for (const BankConflict& c : round->conflicts)
            for (const std::uint32_t i : c.indices)
                if (i < n) conflict[i] = true;
        const std::size_t w = std::max(1u, trace.warp_width);
        for (std::size_t first = 0; first < n; first += w) {
            const std::size_t last = std::min(n, first + w);
            const auto begin = round->active.begin() + static_cast<std::ptrdiff_t>(first);
            const auto end = round->active.begin() + static_cast<std::ptrdiff_t>(last);
            const bool any = std::find(begin, end, true) != end;
            const bool all = std::find(begin, end, false) == end;
            for (std::size_t i = first; i < last; ++i) divergent[i] = any && !all;
        }
    }
    const int marker_h = marker_height(l.cell_h);
    const auto cell_x = [&](std::size_t i) {
        return kMargin + static_cast<int>(i % l.per_line) * (l.cell_w + 2);
    };
    const auto line_y = [&](std::size_t i) {
        return top + l.text_h + static_cast<int>(i / l.per_line) * l.line_h;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const int x = cell_x(i), y = line_y(i);
        if (round && round->active.size() > i && round->active[i])
            canvas.fill(x + 3, y, l.cell_w - 6, marker_h, replay::kActiveMarker);
        const int cy = y + marker_h + 2;
        const std::uint8_t fill = written[i] ? replay::kWrittenCell
                                  : read[i]  ? replay::kReadCell
                                  : round    ? replay::kIdleCell
                                             : replay::kBackground;
        canvas.fill(x, cy, l.cell_w, l.cell_h, fill);
        canvas.outline(x, cy, l.cell_w, l.cell_h, conflict[i] ? 2 * l.scale : 1,
                       conflict[i] ? replay::kConflict : replay::kCellBorder);
        const std::string text = i < values.size() ? values[i].to_string() : "";
        canvas.text(x + l.cell_w - 3 - replay::text_width(text, l.scale),
                    cy + (l.cell_h - 7 * l.scale) / 2, text, l.scale,
                    round && !written[i] ? replay::kDimText : replay::kText);
        if (divergent[i])
            canvas.fill(x, cy + l.cell_h + 2, l.cell_w + 2, 3, replay::kDivergentWarp);
    }
    // Arrows from the second operand to the cell written, in the strip under the line.
    if (round) {
        int level = 0;
        for (const Access& a : round->accesses) {
            if (a.read_b == a.write || a.read_b >= n || a.write >= n) continue;
            if (a.read_b / l.per_line != a.write / l.per_line) continue;  // not on one line
            const int base = line_y(a.write) + marker_h + 2 + l.cell_h + 5;
            const int depth = base + (level % kArrowLevels + 1) * 3 * l.scale;
            const int from = cell_x(a.read_b) + l.cell_w / 2, to = cell_x(a.write) + l.cell_w / 2;
            canvas.line(from, base, from, depth, replay::kArrow);
            canvas.line(from, depth, to, depth, replay::kArrow);
            canvas.line(to, base, to, depth, replay::kArrow);
            canvas.fill(to - 2, base, 5, 2, replay::kArrow);  // the head, under the target
            ++level;
        }
    }
    canvas.text(kMargin, top + l.text_h + l.lines * l.line_h + l.text_h / 2,
                caption(group, shown).substr(0, kCaptionChars), l.scale, replay::kText);
}

}  // namespace

namespace {

// What every frame shares, and how many frames there are.
struct GifPlan {
    std::vector<PanelLayout> layouts;  // one per trace
    long width = 0, height = 0;
    std::uint64_t frames = 0;
};

std::string with_cap(std::uint64_t value, std::uint64_t cap) {
    return std::to_string(value) + ", above the cap of " + std::to_string(cap);
}

// Checks the options and the size before any frame is drawn.
GifPlan plan_gif(std::span<const StepTrace> traces, const GifOptions& options) {
    check_replay_traces(traces);
    if (options.cell_size < 8 || options.cell_size > 96)
        throw Error(
            ErrorKind::InvalidArgument,
            "GIF cell size " + std::to_string(options.cell_size) + " is outside 8 to 96 pixels");
    if (options.delay_ms < 20 || options.delay_ms > 60000)
        throw Error(ErrorKind::InvalidArgument, "GIF delay " + std::to_string(options.delay_ms) +
                                                    " ms is outside 20 to 60000 ms");
    GifPlan plan;
    for (const StepTrace& trace : traces) {
        plan.layouts.push_back(layout_panel(trace, options.cell_size, kCaptionChars));
        plan.width = std::max<long>(plan.width, plan.layouts.back().width + 2 * kMargin);
        plan.height += plan.layouts.back().height + kMargin;
    }
    plan.height += kMargin;
    const std::string size = std::to_string(plan.width) + " x " + std::to_string(plan.height);
    if (plan.width > 65535 || plan.height > 65535)
        throw Error(ErrorKind::InvalidArgument,
                    "the GIF would be " + size +
                        " pixels, above GIF's 65535; lower --gif-cell-size or the local size");
    for (std::size_t g = 0; g < traces.front().groups.size(); ++g) {
        std::size_t steps = 0;
        for (const StepTrace& trace : traces)
            steps = std::max(steps, trace.groups[g].rounds.size());
        plan.frames += steps + 1;
    }
    const auto frame_pixels = static_cast<std::uint64_t>(plan.width * plan.height);
    if (frame_pixels > kMaxGifFramePixels)
        throw Error(ErrorKind::InvalidArgument,
                    "a GIF frame would be " + size + " = " +
                        with_cap(frame_pixels, kMaxGifFramePixels) +
                        " pixels; use a smaller --gif-cell-size or --local-size");
    if (frame_pixels * plan.frames > kMaxGifPixels)
        throw Error(ErrorKind::InvalidArgument,
                    "the GIF would be " + std::to_string(plan.frames) + " frames of " + size +
                        " pixels = " + with_cap(frame_pixels * plan.frames, kMaxGifPixels) +
                        " pixels; trace fewer work-groups (--group instead of --all-groups), or "
                        "use a smaller --gif-cell-size or --local-size");
    return plan;
}

}  // namespace

void check_gif_fits(std::span<const StepTrace> traces, const GifOptions& options) {
    plan_gif(traces, options);
}

void replay_gif(std::span<const StepTrace> traces, const GifOptions& options,
                const ChunkWriter& sink) {
    const GifPlan plan = plan_gif(traces, options);
    AllocationScope scope("drawing the GIF's frames of " + std::to_string(plan.width) + " x " +
                          std::to_string(plan.height) + " pixels");
    replay::GifEncoder encoder(static_cast<int>(plan.width), static_cast<int>(plan.height),
                               options.delay_ms, sink);
    Canvas canvas(static_cast<int>(plan.width), static_cast<int>(plan.height));
    for (std::size_t g = 0; g < traces.front().groups.size(); ++g) {
        std::size_t steps = 0;
        for (const StepTrace& trace : traces)
            steps = std::max(steps, trace.groups[g].rounds.size());
        for (std::size_t step = 0; step <= steps; ++step) {
            canvas.fill(0, 0, canvas.width(), canvas.height(), replay::kBackground);
            int top = kMargin;
            for (std::size_t t = 0; t < traces.size(); ++t) {
                const GroupTrace& group = traces[t].groups[g];
                draw_panel(canvas, top, traces[t], plan.layouts[t], group,
                           std::min(step, group.rounds.size()));
                top += plan.layouts[t].height + kMargin;
            }
            encoder.add_frame(canvas);
        }
    }
    encoder.finish();
}

std::string replay_gif(std::span<const StepTrace> traces, const GifOptions& options) {
    std::string bytes;
    replay_gif(traces, options, [&](std::string_view chunk) { bytes.append(chunk); });
    return bytes;
}

}  // namespace reducelab
