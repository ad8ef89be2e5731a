// Turning engine errors into the text the GUI shows.
#include "common/job_error.h"

#include <QStringList>
#include <new>

namespace reducelab::ui {

JobError JobError::from(const Error& error) {
    JobError e;
    e.kind = error.kind();
    e.message = QString::fromStdString(error.what());
    e.call = QString::fromStdString(error.call());
    e.clErrorName = QString::fromStdString(error.cl_error_name());
    e.buildLog = QString::fromStdString(error.build_log());
    return e;
}

JobError JobError::fromException(const std::exception& error) {
    JobError e;
    // Host allocations of big inputs are the usual source of bad_alloc: it is a memory problem.
    e.kind =
        dynamic_cast<const std::bad_alloc*>(&error) ? ErrorKind::OutOfResources : ErrorKind::OpenCL;
    e.message = QString::fromStdString(error.what());
    if (e.kind == ErrorKind::OutOfResources)
        e.message =
            QStringLiteral("the host ran out of memory (%1); try a smaller n").arg(e.message);
    return e;
}

JobError JobError::invalidSetting(const QString& message) {
    JobError e;
    e.kind = ErrorKind::InvalidArgument;
    e.message = message;
    return e;
}

QString JobError::title() const {
    switch (kind) {
        case ErrorKind::InvalidArgument:
            return QStringLiteral("Invalid setting");
        case ErrorKind::Unsupported:
            return QStringLiteral("Not supported on this device");
        case ErrorKind::NoPlatform:
            return QStringLiteral("No OpenCL platform");
        case ErrorKind::Build:
            return QStringLiteral("Kernel build failed");
        case ErrorKind::OutOfResources:
            return QStringLiteral("Out of memory or resources");
        case ErrorKind::OpenCL:
            return QStringLiteral("OpenCL error");
        case ErrorKind::Io:
            return QStringLiteral("File error");
        case ErrorKind::Cancelled:
            return QStringLiteral("Cancelled");
    }
    return QStringLiteral("Error");
}

QString JobError::details() const {
    QString text = message;
    if (!call.isEmpty() || !clErrorName.isEmpty()) {
        QStringList where;
        if (!call.isEmpty()) where << call;
        if (!clErrorName.isEmpty()) where << clErrorName;
        text += QStringLiteral(" (%1)").arg(where.join(QStringLiteral(": ")));
    }
    return text;
}

}  // namespace reducelab::ui
