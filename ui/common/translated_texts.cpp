// Labels whose text follows the language.
#include "common/translated_texts.h"

#include <QLabel>

namespace reducelab::ui {

QLabel* TranslatedTexts::label(std::function<QString()> text, QWidget* buddy) {
    auto* label = new QLabel;
    if (buddy) label->setBuddy(buddy);
    add([label, text = std::move(text)] { label->setText(text()); });
    return label;
}

}  // namespace reducelab::ui
