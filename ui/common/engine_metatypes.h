// Engine value types made known to Qt's meta-type system, so that signals can carry them queued
// across threads and tests can spy on them.
#pragma once

#include <QMetaType>
#include <cstdint>
#include <vector>

#include "reducelab/custom_kernel.h"
#include "reducelab/device_info.h"
#include "reducelab/results_file.h"
#include "reducelab/run_types.h"
#include "reducelab/step_trace.h"

namespace reducelab::ui {
using DeviceList = std::vector<reducelab::DeviceInfo>;
using RequestList = std::vector<reducelab::RunRequest>;
}  // namespace reducelab::ui

Q_DECLARE_METATYPE(reducelab::DeviceInfo)
Q_DECLARE_METATYPE(reducelab::ui::DeviceList)
Q_DECLARE_METATYPE(reducelab::RunRequest)
Q_DECLARE_METATYPE(reducelab::RunResult)
Q_DECLARE_METATYPE(reducelab::StepTrace)
Q_DECLARE_METATYPE(reducelab::ResultsFile)
Q_DECLARE_METATYPE(reducelab::BandwidthCeiling)
Q_DECLARE_METATYPE(reducelab::CustomKernelResult)
