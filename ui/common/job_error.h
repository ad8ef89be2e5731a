// A failed engine job as a value the GUI thread can show: reducelab::Error flattened to text.
#pragma once

#include <QMetaType>
#include <QString>
#include <exception>

#include "reducelab/error.h"

namespace reducelab::ui {

struct JobError {
    ErrorKind kind = ErrorKind::OpenCL;
    QString message;
    QString call;         // the failing OpenCL call, when there is one
    QString clErrorName;  // "CL_OUT_OF_RESOURCES"
    QString buildLog;     // the compiler's output for build failures

    static JobError from(const Error& error);
    // Anything else the engine or the standard library threw (bad_alloc, ...).
    static JobError fromException(const std::exception& error);
    static JobError invalidSetting(const QString& message);

    // A short headline for the message banner and dialog title.
    QString title() const;
    // The message with the OpenCL call and error name when there are.
    QString details() const;
    bool hasBuildLog() const { return !buildLog.isEmpty(); }
};

}  // namespace reducelab::ui

Q_DECLARE_METATYPE(reducelab::ui::JobError)
