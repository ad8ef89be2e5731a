// A combo box's choices as enum values: each item carries its value in its user data, and the
// window finds, reads and renames items by that value, never by their position, so adding,
// removing or reordering a choice cannot shift another one.
#pragma once

#include <QComboBox>
#include <QString>
#include <QVariant>
#include <optional>

namespace reducelab::ui {

// The user data of an enum item: its underlying value (QVariant compares it with findData).
template <typename Enum>
QVariant enumData(Enum value) {
    return QVariant::fromValue(static_cast<int>(value));
}

template <typename Enum>
void addEnumItem(QComboBox* box, Enum value, const QString& text = QString()) {
    box->addItem(text, enumData(value));
}

// The chosen value; nullopt when nothing is chosen or the item holds no value.
template <typename Enum>
std::optional<Enum> currentEnum(const QComboBox* box) {
    const QVariant data = box->currentData();
    if (!data.isValid()) return std::nullopt;
    return static_cast<Enum>(data.toInt());
}

// Chooses `value`; false (and the choice left alone) when no item holds it.
template <typename Enum>
bool selectEnum(QComboBox* box, Enum value) {
    const int index = box->findData(enumData(value));
    if (index < 0) return false;
    box->setCurrentIndex(index);
    return true;
}

// Names the item that holds `value` (a language change renames each choice by its value).
template <typename Enum>
void setEnumText(QComboBox* box, Enum value, const QString& text) {
    if (const int index = box->findData(enumData(value)); index >= 0) box->setItemText(index, text);
}

}  // namespace reducelab::ui
