// Device descriptions for tooltips and labels.
#include "device_text.h"

namespace reducelab::ui {
namespace {

QString yesNo(bool value) {
    return value ? QStringLiteral("yes") : QStringLiteral("no");
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
    row(QStringLiteral("Device"), q(device.name));
    row(QStringLiteral("Type"), q(device.type));
    row(QStringLiteral("Vendor"), q(device.vendor));
    row(QStringLiteral("Platform"), q(device.platform_name + " (" + device.platform_version + ")"));
    row(QStringLiteral("OpenCL C"), q(device.opencl_c_version));
    row(QStringLiteral("Driver"), q(device.driver_version));
    row(QStringLiteral("Compute units"), QString::number(device.compute_units));
    row(QStringLiteral("Max clock"), QStringLiteral("%1 MHz").arg(device.max_clock_mhz));
    row(QStringLiteral("Max work-group size"), QString::number(device.max_work_group_size));
    row(QStringLiteral("Local memory"), q(format_bytes(device.local_mem_bytes)));
    row(QStringLiteral("Global memory"), q(format_bytes(device.global_mem_bytes)));
    row(QStringLiteral("Largest buffer"), q(format_bytes(device.max_alloc_bytes)));
    row(QStringLiteral("Sub-groups"), yesNo(device.has_subgroups));
    row(QStringLiteral("Work-group collectives"), yesNo(device.has_work_group_collectives));
    row(QStringLiteral("fp64"), yesNo(device.has_fp64));
    row(QStringLiteral("64-bit atomics"),
        QStringLiteral("base %1, extended %2")
            .arg(yesNo(device.has_int64_base_atomics), yesNo(device.has_int64_extended_atomics)));
    row(QStringLiteral("Extensions"), QString::number(device.extensions.size()));
    return QStringLiteral("<table cellspacing='0' cellpadding='2'>%1</table>").arg(rows);
}

}  // namespace reducelab::ui
