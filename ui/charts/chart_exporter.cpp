// Chart and data export.
#include "charts/chart_exporter.h"

#include <qcustomplot.h>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QFileInfo>
#include <QPageLayout>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>

#include "common/file_writing.h"
#include "reducelab/error.h"

namespace reducelab::ui {

std::optional<ChartExporter::Format> ChartExporter::formatForPath(const QString& path) {
    const QString s = QFileInfo(path).suffix().toLower();
    if (s == QLatin1String("png")) return Format::Png;
    if (s == QLatin1String("svg")) return Format::Svg;
    if (s == QLatin1String("pdf")) return Format::Pdf;
    return std::nullopt;
}

std::optional<ChartExporter::DataFormat> ChartExporter::dataFormatForPath(const QString& path) {
    const QString s = QFileInfo(path).suffix().toLower();
    if (s == QLatin1String("csv")) return DataFormat::Csv;
    if (s == QLatin1String("json")) return DataFormat::Json;
    return std::nullopt;
}

QString ChartExporter::suffix(Format format) {
    switch (format) {
        case Format::Png:
            return QStringLiteral("png");
        case Format::Svg:
            return QStringLiteral("svg");
        case Format::Pdf:
            return QStringLiteral("pdf");
    }
    return {};
}

QString ChartExporter::save(QCustomPlot* plot, const QString& path, Format format, int width,
                            int height, int dpi) {
    if (width < 16 || height < 16 || width > 20000 || height > 20000)
        return QObject::tr("the size %1 × %2 is out of range (16 to 20000 pixels)")
            .arg(width)
            .arg(height);
    if (dpi < 36 || dpi > 1200) return QObject::tr("%1 DPI is out of range (36 to 1200)").arg(dpi);
    // Rendered in memory, then written safely: a failed write keeps the previous file.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    switch (format) {
        case Format::Png: {
            // The PNG has exactly width × height pixels; the DPI sets how large text and lines
            // are drawn in it: the chart is laid out at size × 96 ÷ DPI, then scaled to fill.
            const double scale = dpi / 96.0;
            const int logicalWidth = std::max(1, qRound(width / scale));
            const int logicalHeight = std::max(1, qRound(height / scale));
            QImage image = plot->toPixmap(logicalWidth, logicalHeight,
                                          static_cast<double>(width) / logicalWidth)
                               .toImage();
            // The one scale may round the height a pixel off: never write another size.
            if (!image.isNull() && image.size() != QSize(width, height))
                image =
                    image.scaled(width, height, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
            const int dotsPerMeter = qRound(dpi / 0.0254);
            image.setDotsPerMeterX(dotsPerMeter);
            image.setDotsPerMeterY(dotsPerMeter);
            ok = !image.isNull() && image.save(&buffer, "PNG");
            break;
        }
        case Format::Pdf: {
            // One page the chart's size (in points), the chart drawn as vectors.
            QPdfWriter pdf(&buffer);
            pdf.setCreator(QStringLiteral("ReduceLab"));
            pdf.setTitle(plot->objectName());
            pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(width, height), QPageSize::Point,
                                                    QString(), QPageSize::ExactMatch),
                                          QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
            QCPPainter painter;
            ok = painter.begin(&pdf);
            if (ok) {
                painter.setMode(QCPPainter::pmVectorized);
                painter.setMode(QCPPainter::pmNonCosmetic);
                painter.setWindow(QRect(0, 0, width, height));
                plot->toPainter(&painter, width, height);
                ok = painter.end();
            }
            break;
        }
        case Format::Svg: {
            QSvgGenerator svg;
            svg.setOutputDevice(&buffer);
            svg.setSize(QSize(width, height));
            svg.setViewBox(QRect(0, 0, width, height));
            svg.setResolution(dpi);
            svg.setTitle(QStringLiteral("ReduceLab chart"));
            QCPPainter painter;
            ok = painter.begin(&svg);
            if (ok) {
                plot->toPainter(&painter, width, height);
                ok = painter.end();
            }
            break;
        }
    }
    buffer.close();
    if (!ok || bytes.isEmpty()) return QObject::tr("could not render the chart for %1").arg(path);
    return writeFileSafely(path, bytes);
}

void ChartExporter::copyToClipboard(QCustomPlot* plot, int width, int height, int dpi) {
    QApplication::clipboard()->setPixmap(plot->toPixmap(width, height, dpi / 96.0));
}

QString ChartExporter::saveData(const ResultsFile& results, const QString& path,
                                DataFormat format) {
    try {
        if (format == DataFormat::Json) {
            write_results(path.toStdString(), results);
            return {};
        }
        return writeFileSafely(path, QByteArray::fromStdString(results_csv(results)));
    } catch (const Error& error) {
        return QString::fromStdString(error.what());
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

}  // namespace reducelab::ui
