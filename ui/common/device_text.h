// How the GUI describes a device: the one-line name and the facts a teacher points at.
#pragma once

#include <QString>

#include "reducelab/device_info.h"

namespace reducelab::ui {

class DeviceText {
  public:
    static QString summary(const DeviceInfo& device);
    // Rich text for tooltips: platform, version, compute units, limits, features.
    static QString detailsHtml(const DeviceInfo& device);
};

}  // namespace reducelab::ui
