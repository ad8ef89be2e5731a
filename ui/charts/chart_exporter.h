// Writing charts and their data: PNG at a chosen size and DPI, SVG and PDF as vectors, the
// clipboard, and the data behind a chart as CSV or JSON (engine/include/reducelab/results_file.h
// formats).
#pragma once

#include <QString>
#include <optional>

#include "reducelab/results_file.h"

class QCustomPlot;

namespace reducelab::ui {

class ChartExporter {
  public:
    enum class Format { Png, Svg, Pdf };
    enum class DataFormat { Csv, Json };

    static std::optional<Format> formatForPath(const QString& path);
    static std::optional<DataFormat> dataFormatForPath(const QString& path);
    static QString suffix(Format format);

    // `width` x `height` is the chart's size: a PNG has exactly that many pixels, with text
    // and lines drawn dpi/96 times their screen size; SVG and PDF are that size in pixels and
    // points. Returns an error message, empty on success.
    static QString save(QCustomPlot* plot, const QString& path, Format format, int width,
                        int height, int dpi = 96);
    static void copyToClipboard(QCustomPlot* plot, int width, int height, int dpi = 96);
    static QString saveData(const ResultsFile& results, const QString& path, DataFormat format);
};

}  // namespace reducelab::ui
