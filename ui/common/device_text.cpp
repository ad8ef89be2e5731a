// Device descriptions for tooltips and labels.
#include "common/device_text.h"

#include <QCoreApplication>

namespace reducelab::ui {
namespace {

QString yesNo(bool value) {
    return value ? QCoreApplication::translate("DeviceText", "yes")
                 : QCoreApplication::translate("DeviceText", "no");
}

}  // namespace

QString DeviceText::summary(const DeviceInfo& device) {
    return QString::fromStdString(device.summary());
}

QString DeviceText::detailsHtml(const DeviceInfo& device) {
    auto q = [](const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); };
    QString rows;
    auto row = [&rows](const QString& key, const QString& value) {
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key, value);
    };
    row(QCoreApplication::translate("DeviceText", "Device"), q(device.name));
    row(QCoreApplication::translate("DeviceText", "Type"), q(device.type));
    row(QCoreApplication::translate("DeviceText", "Vendor"), q(device.vendor));
    row(QCoreApplication::translate("DeviceText", "Platform"),
        q(device.platform_name + " (" + device.platform_version + ")"));
    row(QCoreApplication::translate("DeviceText", "OpenCL C"), q(device.opencl_c_version));
    row(QCoreApplication::translate("DeviceText", "Driver"), q(device.driver_version));
    row(QCoreApplication::translate("DeviceText", "Compute units"),
        QString::number(device.compute_units));
    row(QCoreApplication::translate("DeviceText", "Max clock"),
        QStringLiteral("%1 MHz").arg(device.max_clock_mhz));
    row(QCoreApplication::translate("DeviceText", "Max work-group size"),
        QString::number(device.max_work_group_size));
    row(QCoreApplication::translate("DeviceText", "Local memory"),
        q(format_bytes(device.local_mem_bytes)));
    row(QCoreApplication::translate("DeviceText", "Global memory"),
        q(format_bytes(device.global_mem_bytes)));
    row(QCoreApplication::translate("DeviceText", "Largest buffer"),
        q(format_bytes(device.max_alloc_bytes)));
    row(QCoreApplication::translate("DeviceText", "Sub-groups"), yesNo(device.has_subgroups));
    row(QCoreApplication::translate("DeviceText", "Work-group collectives"),
        yesNo(device.has_work_group_collectives));
    row(QCoreApplication::translate("DeviceText", "fp64"), yesNo(device.has_fp64));
    row(QCoreApplication::translate("DeviceText", "64-bit atomics"),
        QCoreApplication::translate("DeviceText", "base %1, extended %2")
            .arg(yesNo(device.has_int64_base_atomics), yesNo(device.has_int64_extended_atomics)));
    row(QCoreApplication::translate("DeviceText", "Extensions"),
        QString::number(device.extensions.size()));
    return QStringLiteral("<table cellspacing='0' cellpadding='2'>%1</table>").arg(rows);
}

}  // namespace reducelab::ui
