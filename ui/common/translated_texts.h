// Texts that follow the language. A widget registers how each of its texts is set
// (texts_.add([=] { box->setTitle(tr("Device")); })): it is set at once, and set again by
// apply(), which the widget's changeEvent(QEvent::LanguageChange) calls through its
// retranslateUi(). The window and what it holds stay; only the words change.
#pragma once

#include <QString>
#include <functional>
#include <utility>
#include <vector>

class QLabel;
class QWidget;

namespace reducelab::ui {

class TranslatedTexts {
  public:
    void add(std::function<void()> setText) {
        setText();
        setters_.push_back(std::move(setText));
    }
    // A label whose text follows the language; with a buddy, its mnemonic focuses that field.
    QLabel* label(std::function<QString()> text, QWidget* buddy = nullptr);
    void apply() const {
        for (const auto& set : setters_) set();
    }

  private:
    std::vector<std::function<void()>> setters_;
};

}  // namespace reducelab::ui
