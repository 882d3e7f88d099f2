#pragma once
// The window the debuggee suites drive: a MainWindow over settings in a temp dir (made anew for
// every test), its debug server, a recorded XS machine replayed into it by xs_replay.py, the
// oracle's numbers for that recording, and screenshots.
#include "app/mainwindow.h"
#include "model/profile.h"
#include "model/profileanalysis.h"

#include <QObject>
#include <QSettings>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

class DebuggeeWindowFixture : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();

protected:
    struct Replay {
        bool ok = false;
        QString output;
        QByteArray received;
    };
    // The recorded machine (gc_alloc, profiled from its start): .xsbug, .sent and .expected.json.
    static const QString transcriptStem;

    // Plays the transcript (or the recording `stem`.xsbug) into the window's server while this
    // thread serves the event loop.
    Replay replay(const QStringList& extra = {}, const QString& stem = transcriptStem);
    void startServer(bool profileOnStart);
    void compareWithExpected(const xsprof::Profile& profile, const xsprof::ProfileAnalysis& analysis);
    void saveScreenshot(QWidget* widget, const QString& name);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};
