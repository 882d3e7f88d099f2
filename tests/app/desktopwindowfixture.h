#pragma once
// The window the desktop suites drive: a MainWindow over settings in a temp dir (made anew for
// every test, the theme put back after it), files copied from the corpus, and opening a file
// until its tab is there.
#include "app/mainwindow.h"

#include <QObject>
#include <QSettings>
#include <QTemporaryDir>

#include <memory>

class ProfilePage;

class DesktopWindowFixture : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();

protected:
    // Copies a corpus file to `relativeTarget` in the temp dir (folders made); its path.
    QString copyCorpusFile(const QString& corpusName, const QString& relativeTarget);
    // Opens `path` and waits for its tab (20 s); the window's current page, or null.
    ProfilePage* openAndWait(const QString& path);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};
