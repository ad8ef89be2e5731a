// The control panel's choices are kept by value: its settings hold the engine's names
// ("kernel", "randint"), never an item's position, and settings written by position before that
// still restore. No device is needed.
#include <QComboBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "common/enum_combo.h"
#include "reducelab/host_array.h"
#include "reducelab/types.h"
#include "shell/control_panel.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

QComboBox* combo(ControlPanel& panel, const char* name) {
    auto* box = panel.findChild<QComboBox*>(QString::fromLatin1(name));
    if (!box) qFatal("no combo %s", name);
    return box;
}

}  // namespace

class ControlPanelTest : public QObject {
    Q_OBJECT
  private slots:
    void init() { QVERIFY(dir_.isValid()); }

    // Every choice of each enum combo comes back as the same value through the settings, by its
    // engine name.
    void savesEachChoiceByItsName() {
        for (const Finish finish : {Finish::Host, Finish::Kernel, Finish::Atomic})
            for (const Fill fill : all_fills())
                for (const AccumulatorMode mode :
                     {AccumulatorMode::Default, AccumulatorMode::Wide, AccumulatorMode::Same}) {
                    ControlPanel panel;
                    QVERIFY(selectEnum(combo(panel, "finishCombo"), finish));
                    QVERIFY(selectEnum(combo(panel, "fillCombo"), fill));
                    QVERIFY(selectEnum(combo(panel, "accumulatorCombo"), mode));
                    QVERIFY(selectEnum(combo(panel, "operationCombo"), Operation::Max));
                    QVERIFY(selectEnum(combo(panel, "typeCombo"), ElementType::Float64));
                    QSettings settings(path(), QSettings::IniFormat);
                    settings.clear();
                    panel.saveSettings(settings);
                    QCOMPARE(settings.value("controls/finish").toString(),
                             QString::fromStdString(std::string(to_string(finish))));
                    QCOMPARE(settings.value("controls/fill").toString(),
                             QString::fromStdString(std::string(to_string(fill))));
                    QCOMPARE(settings.value("controls/accumulator").toString(),
                             QString::fromStdString(std::string(to_string(mode))));

                    ControlPanel again;
                    again.restoreSettings(settings);
                    QCOMPARE(again.finish(), finish);
                    QCOMPARE(again.operation(), Operation::Max);
                    QCOMPARE(again.elementType(), ElementType::Float64);
                    const auto request = again.request(ControlPanel::Slot::A);
                    QVERIFY(request.has_value());
                    QCOMPARE(request->fill, fill);
                    QCOMPARE(request->accumulator, mode);
                }
    }

    // Settings and sessions written before the names held each combo's position: the order of
    // the finish, accumulator and fill choices then, which is the enum's order.
    void restoresSettingsWrittenByPosition() {
        QSettings settings(path(), QSettings::IniFormat);
        settings.clear();
        settings.setValue("controls/finish", 1);
        settings.setValue("controls/accumulator", 2);
        settings.setValue("controls/fill", 3);
        settings.setValue("controls/operation", QStringLiteral("max"));
        ControlPanel panel;
        panel.restoreSettings(settings);
        QCOMPARE(panel.finish(), Finish::Kernel);
        QCOMPARE(panel.operation(), Operation::Max);
        const auto request = panel.request(ControlPanel::Slot::A);
        QVERIFY(request.has_value());
        QCOMPARE(request->accumulator, AccumulatorMode::Same);
        QCOMPARE(request->fill, all_fills()[3]);
    }

    // A value that is neither a name nor a position leaves the choice as it was.
    void ignoresWhatItCannotRead() {
        QSettings settings(path(), QSettings::IniFormat);
        settings.clear();
        settings.setValue("controls/finish", QStringLiteral("sideways"));
        settings.setValue("controls/fill", 99);
        ControlPanel panel;
        const Finish before = panel.finish();
        const auto fillBefore = panel.request(ControlPanel::Slot::A)->fill;
        panel.restoreSettings(settings);
        QCOMPARE(panel.finish(), before);
        QCOMPARE(panel.request(ControlPanel::Slot::A)->fill, fillBefore);
    }

  private:
    QString path() const { return dir_.filePath(QStringLiteral("settings.ini")); }
    QTemporaryDir dir_;
};

QTEST_MAIN(ControlPanelTest)
#include "control_panel_test.moc"
