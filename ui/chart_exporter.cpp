// Chart and data export.
#include "chart_exporter.h"

#include <qcustomplot.h>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileInfo>
#include <QSvgGenerator>

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
    bool ok = false;
    switch (format) {
        case Format::Png:
            // Lay the chart out at the logical size, then rasterise at the DPI's scale.
            ok = plot->savePng(path, width, height, dpi / 96.0, -1, dpi, QCP::ruDotsPerInch);
            break;
        case Format::Pdf:
            ok = plot->savePdf(path, width, height, QCP::epNoCosmetic, QStringLiteral("ReduceLab"),
                               plot->objectName());
            break;
        case Format::Svg: {
            QSvgGenerator svg;
            svg.setFileName(path);
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
            ok = ok && QFileInfo(path).size() > 0;
            break;
        }
    }
    return ok ? QString() : QObject::tr("could not write %1").arg(path);
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
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            return QObject::tr("could not write %1: %2").arg(path, file.errorString());
        const std::string csv = results_csv(results);
        if (file.write(csv.data(), static_cast<qint64>(csv.size())) !=
            static_cast<qint64>(csv.size()))
            return QObject::tr("could not write %1: %2").arg(path, file.errorString());
        return {};
    } catch (const Error& error) {
        return QString::fromStdString(error.what());
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

}  // namespace reducelab::ui
