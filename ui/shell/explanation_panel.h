// The explanation panel: the catalog's own text for the selected variants (what the kernel does,
// why it is faster or slower), with what it needs and whether this device has it.
#pragma once

#include <QTextBrowser>

#include "reducelab/device_info.h"

namespace reducelab::ui {

class ExplanationPanel : public QTextBrowser {
    Q_OBJECT
  public:
    explicit ExplanationPanel(QWidget* parent = nullptr);
    void showVariants(const QString& a, const QString& b, const DeviceInfo* device);
};

}  // namespace reducelab::ui
