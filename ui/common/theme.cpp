// The two themes.
#include "common/theme.h"

#include <array>

namespace reducelab::ui {

Theme Theme::standard() {
    return Theme{};
}

Theme Theme::projector() {
    // Projectors wash out pale tints and thin lines: stronger fills, black text, thicker pens.
    Theme t;
    t.presentation = true;
    t.fontScale = 1.15;  // on top of the larger application font of presentation mode
    t.lineWidth = 2.0;
    t.text = Qt::black;
    t.dimText = QColor(0x60, 0x60, 0x60);
    t.cellBorder = Qt::black;
    t.cellFill = QColor(0xee, 0xee, 0xee);
    t.writtenFill = QColor(0x8e, 0xc8, 0xef);
    t.resultFill = QColor(0xff, 0xd8, 0x5e);
    t.idle = QColor(0x90, 0x90, 0x90);
    t.grid = QColor(0xb0, 0xb0, 0xb0);
    t.ceiling = Qt::black;
    return t;
}

QColor Theme::series(int i) const {
    static constexpr std::array<QRgb, 7> hues{0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7,
                                              0xD55E00, 0x56B4E9, 0x000000};
    return QColor::fromRgb(hues[static_cast<std::size_t>(i) % hues.size()]);
}

QFont Theme::font(const QFont& base, qreal relative, bool bold) const {
    QFont f = base;
    const qreal size = base.pointSizeF() > 0 ? base.pointSizeF() : 10.0;
    f.setPointSizeF(size * fontScale * relative);
    f.setBold(bold);
    return f;
}

}  // namespace reducelab::ui
