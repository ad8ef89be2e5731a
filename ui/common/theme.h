// Colours, line widths and font scale shared by the step view and the charts, in a normal and a
// presentation (projector) flavour. Hues are Okabe–Ito, readable by colour-blind viewers; every
// state that a colour marks is also marked by a shape or pattern.
#pragma once

#include <QColor>
#include <QFont>

namespace reducelab::ui {

struct Theme {
    bool presentation = false;
    qreal fontScale = 1.0;  // relative to the application font
    qreal lineWidth = 1.0;  // pens scale with it

    QColor background{Qt::white};
    QColor text{0x20, 0x20, 0x20};
    QColor dimText{0x8a, 0x8a, 0x8a};
    QColor grid{0xd8, 0xd8, 0xd8};
    QColor cellFill{0xf4, 0xf4, 0xf4};
    QColor cellBorder{0x9a, 0x9a, 0x9a};
    QColor writtenFill{0xbf, 0xdf, 0xf4};  // a cell written this round
    QColor idleFill{0xfa, 0xfa, 0xfa};
    QColor resultFill{0xff, 0xe9, 0xa8};
    QColor active{0x00, 0x72, 0xB2};  // blue
    QColor idle{0xb4, 0xb4, 0xb4};
    QColor divergent{0xE6, 0x9F, 0x00};  // orange, drawn hatched
    QColor conflict{0xD5, 0x5E, 0x00};   // vermillion, drawn as diamonds and dashed arrows
    QColor ceiling{0x20, 0x20, 0x20};
    QColor marker{0xCC, 0x79, 0xA7};  // reddish purple: the chosen local size
    QColor best{0x00, 0x9E, 0x73};    // bluish green: the best configuration

    static Theme standard();
    static Theme projector();
    // The colour of the i-th data series.
    QColor series(int i) const;
    QFont font(const QFont& base, qreal relative = 1.0, bool bold = false) const;
};

}  // namespace reducelab::ui
